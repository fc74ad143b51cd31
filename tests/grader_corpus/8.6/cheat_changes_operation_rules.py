# expect: failed raised
import engine.value
from engine import Value


def residual_stack(x, depth=20):
    # The engine's own rule for + rewritten, so that every sum passes back 1.1 instead of 1: it would
    # stay so in this interpreter for every later Check, the learner's right answers included.
    engine.value.OPERATIONS["+"] = lambda a, b: (a + b, (1.1, 1.1))
    for _ in range(depth):
        x = x + layer(x)
    return x
