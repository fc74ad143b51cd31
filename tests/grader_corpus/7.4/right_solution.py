# expect: passed correct
from engine import Value


def multiply(a, b):
    data = a.data * b.data
    local_grads = (b.data, a.data)
    return Value(data, (a, b), local_grads, "*")
