# expect: failed broken_graph
from engine import Value


def multiply(a, b):
    return Value(a.data * b.data, (a.data, b.data), (b.data, a.data), "*")
