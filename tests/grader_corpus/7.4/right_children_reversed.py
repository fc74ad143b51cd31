# expect: passed correct
from engine import Value


def multiply(a, b):
    # children in the other order, with their rates in the same other order
    return Value(b.data * a.data, (b, a), (a.data, b.data), "*")
