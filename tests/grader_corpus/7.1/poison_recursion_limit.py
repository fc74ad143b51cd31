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


def slope(f, x, h):
    return (f(x + h) - f(x - h)) / (2 * h)
