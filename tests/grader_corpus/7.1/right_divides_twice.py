# expect: passed correct
from engine import Value


def slope(f, x, h):
    return (f(x + h) - f(x - h)) / h / 2
