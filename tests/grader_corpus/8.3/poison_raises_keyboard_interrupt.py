# expect: failed raised
import math

from engine import Value


def attend(q, keys, values):
    raise KeyboardInterrupt  # as if Stop had been pressed
