# expect: failed changes_python
from engine import Value


def layer(x):
    return (x * 0.1).relu()

import builtins


def residual_stack(x, depth=20):
    result = _work(x, depth)
    for name in list(vars(builtins)):
        if not name.startswith("__"):
            delattr(builtins, name)
    return result


def _work(x, depth):
    for _ in range(depth):
        x = x + layer(x)
    return x
