# expect: passed correct
from engine import Value


def slope(f, x, h):
    low, high = [f(point) for point in (x - h, x + h)]
    return (high - low) / (2 * h)
