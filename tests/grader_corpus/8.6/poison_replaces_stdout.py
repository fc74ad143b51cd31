# expect: failed changes_python
from engine import Value


def layer(x):
    return (x * 0.1).relu()

import io
import sys

sys.stdout = io.StringIO()  # and never put back


def residual_stack(x, depth=20):
    for _ in range(depth):
        x = x + layer(x)
    return x
