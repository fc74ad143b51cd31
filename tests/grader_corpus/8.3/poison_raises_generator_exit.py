# expect: failed raised
import math

from engine import Value


def attend(q, keys, values):
    raise GeneratorExit("closing early")
