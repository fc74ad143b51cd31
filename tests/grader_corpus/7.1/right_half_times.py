# expect: passed correct
from engine import Value


def slope(f, x, h):
    return 0.5 * (f(x + h) - f(x - h)) / h
