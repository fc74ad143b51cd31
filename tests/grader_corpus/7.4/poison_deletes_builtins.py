# expect: failed changes_python
from engine import Value

import builtins


def multiply(a, b):
    node = Value(a.data * b.data, (a, b), (b.data, a.data), "*")
    for name in list(vars(builtins)):
        if not name.startswith("__"):
            delattr(builtins, name)
    return node
