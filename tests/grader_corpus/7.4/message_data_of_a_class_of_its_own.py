# expect: failed broken_graph
from engine import Value


class Exact:
    def __init__(self, value):
        self.value = value


def multiply(a, b):
    return Value(Exact(a.data * b.data), (a, b), (b.data, a.data), "*")
