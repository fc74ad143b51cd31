# expect: passed correct
import builtins

from engine import Value

builtins.len = None  # "what happens if len disappears?"
__builtins__["sum"] = None


def layer(x):
    return (x * 0.1).relu()


def residual_stack(x, depth=20):
    for _ in range(depth):
        x = x + layer(x)
    return x


x = Value(1.0)
residual_stack(x).backward()
print(x.grad)
