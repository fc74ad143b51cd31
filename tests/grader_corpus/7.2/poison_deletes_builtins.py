# expect: failed changes_python
from engine import Value

import builtins


def chain_rate(x, a):
    result = _work(x, a)
    for name in list(vars(builtins)):
        if not name.startswith("__"):
            delattr(builtins, name)
    return result


def _work(x, a):
    u = x * a
    v = u ** 2
    y = v.exp()
    return a * (2 * u) * y
