# expect: failed changes_python
from engine import Value

import sys


def linear(x, w):
    sys.excepthook = lambda *details: None
    sys.settrace(lambda *event: None)
    return _work(x, w)


def _work(x, w):
    return [sum(wij * xj for wij, xj in zip(row, x)) for row in w]
