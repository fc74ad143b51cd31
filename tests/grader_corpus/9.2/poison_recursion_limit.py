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


def mlp(x, w1, w2):
    return _work(x, w1, w2)


def _work(x, w1, w2):
    fired = [h.relu() for h in _linear(x, w1)]
    return _linear(fired, w2)


def _linear(x, w):
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]
