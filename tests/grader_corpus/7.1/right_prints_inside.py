# expect: passed correct
from engine import Value


def slope(f, x, h):
    rise = f(x + h) - f(x - h)
    print("rise", rise.data, "over", 2 * h)
    return rise / (2 * h)
