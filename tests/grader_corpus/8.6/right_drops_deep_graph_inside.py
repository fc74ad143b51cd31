# expect: passed correct
from engine import Value


def layer(x):
    return (x * 0.1).relu()


def residual_stack(x, depth=20):
    # A deep scratch graph, built and dropped inside the function before it returns.
    scratch = Value(x.data)
    for _ in range(5000):
        scratch = scratch + layer(scratch)
    del scratch
    for _ in range(depth):
        x = x + layer(x)
    return x
