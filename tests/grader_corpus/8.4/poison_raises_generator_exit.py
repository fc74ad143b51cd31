# expect: failed raised
import math

from engine import Value


def causal_attention(qs, ks, vs):
    raise GeneratorExit("closing early")
