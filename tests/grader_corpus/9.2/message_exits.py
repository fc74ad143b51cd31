# expect: failed raised
from engine import Value

import sys


def mlp(x, w1, w2):
    return _work(x, w1, w2)


def _work(x, w1, w2):
    fired = [h.relu() for h in _linear(x, w1)]
    return _linear(fired, w2)


def _linear(x, w):
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]


sys.exit(0)
