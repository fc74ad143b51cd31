# expect: failed raised
from engine import Value


# A toy layer: scale by 0.1, then relu. Its local rate is 0.1 when it is open, 0 when closed.
def layer(x):
    return (x * 0.1).relu()


# The plain stack: each layer's output replaces what came in.
def plain_stack(x, depth=20):
    for _ in range(depth):
        x = layer(x)
    return x


def residual_stack(x, depth=20):
    for _ in range(depth):
        x = x + layr(x)
    return x
