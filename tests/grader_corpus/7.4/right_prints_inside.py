# expect: passed correct
from engine import Value


def multiply(a, b):
    node = Value(a.data * b.data, (a, b), (b.data, a.data), "*")
    print("made", node)
    return node
