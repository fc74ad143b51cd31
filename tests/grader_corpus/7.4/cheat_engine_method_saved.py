# expect: failed bypasses
from engine import Value

times = Value.__mul__


def multiply(a, b):
    return times(a, b)
