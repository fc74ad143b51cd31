# expect: failed changes_python
from engine import Value

import sys

sys.setrecursionlimit(12)


def linear(x, w):
    return [sum(wij * xj for wij, xj in zip(row, x)) for row in w]
