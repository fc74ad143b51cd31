# expect: failed one_side_down
from engine import Value


def slope(f, x, h):
    y = f(x)
    return (y - f(x - h)) / h
