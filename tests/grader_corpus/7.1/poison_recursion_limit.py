# expect: failed changes_python
from engine import Value


import sys

sys.setrecursionlimit(12)


def slope(f, x, h):
    return (f(x + h) - f(x - h)) / (2 * h)
