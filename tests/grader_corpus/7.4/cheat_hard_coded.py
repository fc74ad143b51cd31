# expect: failed wrong
from engine import Value


def multiply(a, b):
    return Value(6.0, (a, b), (3.0, 2.0), "*")
