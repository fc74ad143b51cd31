# expect: failed no_gradient
from engine import Value


def multiply(a, b):
    return Value(a.data * b.data, (a, b), (b.data**2, a.data**2), "*")
