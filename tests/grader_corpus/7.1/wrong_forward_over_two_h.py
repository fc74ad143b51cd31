# expect: failed wrong
from engine import Value


def slope(f, x, h):
    return (f(x + h) - f(x)) / (2 * h)
