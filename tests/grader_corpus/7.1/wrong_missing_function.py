# expect: failed missing_function
from engine import Value


def central_difference(f, x, h):
    return (f(x + h) - f(x - h)) / (2 * h)
