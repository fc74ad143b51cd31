# expect: failed not_a_value
from engine import Value


def slope(f, x, h):
    return [(f(x + h) - f(x - h)) / (2 * h)]
