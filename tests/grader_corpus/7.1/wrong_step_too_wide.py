# expect: failed wrong
from engine import Value


def slope(f, x, h):
    return (f(x + 2 * h) - f(x - 2 * h)) / (2 * h)
