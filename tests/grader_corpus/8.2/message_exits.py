# expect: failed raised
from engine import Value

import sys


def linear(x, w):
    return [sum(wij * xj for wij, xj in zip(row, x)) for row in w]

sys.exit(0)
