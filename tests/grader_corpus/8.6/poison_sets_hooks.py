# expect: failed changes_python
from engine import Value


def layer(x):
    return (x * 0.1).relu()

import sys


def residual_stack(x, depth=20):
    sys.excepthook = lambda *details: None
    sys.settrace(lambda *event: None)
    return _work(x, depth)


def _work(x, depth):
    for _ in range(depth):
        x = x + layer(x)
    return x
