# expect: passed correct
from engine import Value


def multiply(a, b):
    x = float(a.data)
    y = float(b.data)
    return Value(x * y, (a, b), (y, x), op="*")
