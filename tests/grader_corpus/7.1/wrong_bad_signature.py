# expect: failed bad_signature
from engine import Value


def slope(f, x):
    h = 1e-5
    return (f(x + h) - f(x - h)) / (2 * h)
