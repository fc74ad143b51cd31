# expect: failed changes_python
from engine import Value

import sys

# The lowest limit Python accepts here: how deep this line runs is the grader's business.
for lowest in range(2, 1000):
    try:
        sys.setrecursionlimit(lowest)
        break
    except RecursionError:
        continue


def chain_rate(x, a):
    u = x * a
    v = u ** 2
    y = v.exp()
    return a * (2 * u) * y
