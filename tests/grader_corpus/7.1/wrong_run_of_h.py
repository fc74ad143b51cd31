# expect: failed run_of_h
from engine import Value


def slope(f, x, h):
    return (f(x + h) - f(x - h)) / h
