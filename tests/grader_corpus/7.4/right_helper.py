# expect: passed correct
from engine import Value


def make_node(data, children, rates, op):
    return Value(data, tuple(children), tuple(rates), op)


def multiply(a, b):
    return make_node(a.data * b.data, [a, b], [b.data, a.data], "*")
