# expect: failed no_gradient
from engine import Value


def slope(f, x, h):
    rise = f(x + h) - f(x - h)
    return x * 0 + rise.data / (2 * h)
