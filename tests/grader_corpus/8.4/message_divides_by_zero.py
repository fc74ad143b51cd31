# expect: failed raised
import math

from engine import Value


def causal_attention(qs, ks, vs):
    total = sum(x * x for x in qs[0])
    return [x / (total - total) for x in qs[0]]
