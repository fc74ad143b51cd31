# expect: failed changes_python
from engine import Value


import builtins


def slope(f, x, h):
    result = _work(f, x, h)
    for name in list(vars(builtins)):
        if not name.startswith("__"):
            delattr(builtins, name)
    return result


def _work(f, x, h):
    return (f(x + h) - f(x - h)) / (2 * h)
