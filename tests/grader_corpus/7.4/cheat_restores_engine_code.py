# expect: failed bypasses
from engine import Value

import engine.value

saved = engine.value._apply.__code__  # taken while the grader has it switched off


def multiply(a, b):
    engine.value._apply.__code__ = saved
    return a * b
