# expect: failed changes_python
from engine import Value

import builtins


def linear(x, w):
    result = _work(x, w)
    for name in list(vars(builtins)):
        if not name.startswith("__"):
            delattr(builtins, name)
    return result


def _work(x, w):
    return [sum(wij * xj for wij, xj in zip(row, x)) for row in w]
