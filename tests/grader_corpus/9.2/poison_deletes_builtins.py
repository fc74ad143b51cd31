# expect: failed changes_python
from engine import Value

import builtins


def mlp(x, w1, w2):
    result = _work(x, w1, w2)
    for name in list(vars(builtins)):
        if not name.startswith("__"):
            delattr(builtins, name)
    return result


def _work(x, w1, w2):
    fired = [h.relu() for h in _linear(x, w1)]
    return _linear(fired, w2)


def _linear(x, w):
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]
