# expect: failed not_a_value
from engine import Value


def multiply(a, b):
    return [Value(a.data * b.data, (a, b), (b.data, a.data), "*")]
