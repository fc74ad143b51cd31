# expect: failed same_twice_b
from engine import Value


def multiply(a, b):
    return Value(a.data * b.data, (a, b), (b.data, b.data), "*")
