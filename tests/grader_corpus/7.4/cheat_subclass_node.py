# expect: failed broken_graph
from engine import Value


class Mine(Value):
    pass


def multiply(a, b):
    return Mine(a.data * b.data, (a, b), (b.data, a.data), "*")
