# expect: failed not_a_value
from engine import Value


def slope(f, x, h):
    return (f(x.data + h) - f(x.data - h)) / (2 * h)
