# expect: passed correct
from engine import Value


def multiply(a, b):
    return Value(data=a.data * b.data, children=(a, b), local_grads=(b.data, a.data), op="*")
