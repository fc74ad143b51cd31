# expect: failed sum_rates
from engine import Value


def multiply(a, b):
    return Value(a.data * b.data, (a, b), (1.0, 1.0), "*")
