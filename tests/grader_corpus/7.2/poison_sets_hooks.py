# expect: failed changes_python
from engine import Value

import sys


def chain_rate(x, a):
    sys.excepthook = lambda *details: None
    sys.settrace(lambda *event: None)
    return _work(x, a)


def _work(x, a):
    u = x * a
    v = u ** 2
    y = v.exp()
    return a * (2 * u) * y
