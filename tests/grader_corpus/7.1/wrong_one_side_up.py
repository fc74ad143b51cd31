# expect: failed one_side_up
from engine import Value


def slope(f, x, h):
    return (f(x + h) - f(x)) / h
