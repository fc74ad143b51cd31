# expect: failed bad_signature
from engine import Value


def multiply(pair):
    a, b = pair
    return Value(a.data * b.data, (a, b), (b.data, a.data), "*")
