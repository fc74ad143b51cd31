# expect: failed raised
from engine import Value


import sys


def slope(f, x, h):
    return (f(x + h) - f(x - h)) / (2 * h)

sys.exit(0)
