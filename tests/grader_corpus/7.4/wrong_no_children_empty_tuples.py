# expect: failed no_children
from engine import Value


def multiply(a, b):
    return Value(a.data * b.data, (), (), "*")
