# expect: failed no_run
from engine import Value


def slope(f, x, h):
    rise = f(x + h) - f(x - h)
    return rise
