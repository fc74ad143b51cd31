# expect: passed correct
from engine import Value


def nudged(f, x, h):
    return f(x + h), f(x + (-h))


def slope(f, x, h):
    up, down = nudged(f, x, h)
    return (up - down) * (2 * h) ** -1
