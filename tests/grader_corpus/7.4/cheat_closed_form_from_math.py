# expect: failed bypasses
from engine import Value


def multiply(a, b):
    # The product and its two slopes from the formula, then a Value made to carry them with the engine's operations.
    return (a - a.data) * b.data + (b - b.data) * a.data + a.data * b.data
