# expect: failed no_children
from engine import Value


def multiply(a, b):
    # fresh Values with the same numbers: the node points at copies, not at a and b
    return Value(a.data * b.data, (Value(a.data), Value(b.data)), (b.data, a.data), "*")
