# expect: failed bypasses
from engine import Value


def multiply(a, b):
    return a * b
