# expect: failed same_twice_a
from engine import Value


def multiply(a, b):
    rate = a.data
    return Value(a.data * b.data, (a, b), (rate, rate), "*")
