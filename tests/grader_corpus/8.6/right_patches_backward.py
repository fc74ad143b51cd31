# expect: passed correct
from engine import Value


def layer(x):
    return (x * 0.1).relu()


def residual_stack(x, depth=20):
    for _ in range(depth):
        x = x + layer(x)
    return x


# Curious what backward does? Silence it and see the gradients stay at zero.
Value.backward = lambda self: None

x = Value(1.0)
out = residual_stack(x)
out.backward()
print("gradient with backward switched off:", x.grad)
