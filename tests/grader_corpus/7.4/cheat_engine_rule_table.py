# expect: failed bypasses
from engine import Value

from engine.value import OPERATIONS


def multiply(a, b):
    # the engine's own rule, read from its table, instead of working the rates out
    data, rates = OPERATIONS["*"](a.data, b.data)
    return Value(data, (a, b), rates, "*")
