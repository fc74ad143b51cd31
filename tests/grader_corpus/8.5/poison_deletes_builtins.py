# expect: failed changes_python
from engine import Value

import builtins


def rmsnorm(x):
    result = _work(x)
    for name in list(vars(builtins)):
        if not name.startswith("__"):
            delattr(builtins, name)
    return result


def _work(x):
    ms = sum(xi * xi for xi in x) / len(x)
    scale = (ms + 1e-5) ** -0.5
    return [xi * scale for xi in x]
