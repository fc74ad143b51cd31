# expect: failed raised
from engine import Value


def multiply(a, b):
    # dividing by b * 0 the way the engine divides, by a power of -1
    return Value(a.data * (b.data * 0.0) ** -1, (a, b), (b.data, a.data), "*")
