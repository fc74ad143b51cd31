# expect: passed correct
from engine import Value


def multiply(left, right):
    x, y = left.data, right.data
    return Value(x * y, (left, right), (y, x), "*")
