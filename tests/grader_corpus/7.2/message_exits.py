# expect: failed raised
from engine import Value

import sys


def chain_rate(x, a):
    u = x * a
    v = u ** 2
    y = v.exp()
    return a * (2 * u) * y

sys.exit(0)
