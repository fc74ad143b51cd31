# expect: passed correct
from engine import Value


def slope(f, x, h):
    # The mean of the slope up and the slope down is the central difference.
    here = f(x)
    up = (f(x + h) - here) / h
    down = (here - f(x - h)) / h
    return (up + down) / 2
