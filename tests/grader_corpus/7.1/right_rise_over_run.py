# expect: passed correct
from engine import Value


def slope(f, x, h):
    upper = f(x + h)
    lower = f(x - h)
    rise = upper - lower
    run = (x + h) - (x - h)
    return rise / run
