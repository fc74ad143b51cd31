# expect: failed changes_python
from engine import Value

import sys

sys.setrecursionlimit(12)


def rmsnorm(x):
    ms = sum(xi * xi for xi in x) / len(x)
    scale = (ms + 1e-5) ** -0.5
    return [xi * scale for xi in x]
