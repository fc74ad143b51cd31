# expect: failed raised
from engine import Value


def layer(x):
    return (x * 0.1).relu()


def residual_stack(x, depth=20):
    raise KeyboardInterrupt  # as if Stop had been pressed
