# expect: failed changes_python
from engine import Value


def layer(x):
    return (x * 0.1).relu()

import sys

# The lowest limit Python accepts here: how deep this line runs is the grader's business.
for lowest in range(2, 1000):
    try:
        sys.setrecursionlimit(lowest)
        break
    except RecursionError:
        continue


def residual_stack(x, depth=20):
    for _ in range(depth):
        x = x + layer(x)
    return x
