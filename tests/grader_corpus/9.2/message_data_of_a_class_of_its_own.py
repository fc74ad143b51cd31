# expect: failed broken_graph
from engine import Value


class Exact:
    """A number that remembers it is exact."""

    def __init__(self, value):
        self.value = value


def mlp(x, w1, w2):
    outs = _work(x, w1, w2)
    outs[-1].data = Exact(outs[-1].data)
    return outs


def _work(x, w1, w2):
    fired = [h.relu() for h in _linear(x, w1)]
    return _linear(fired, w2)


def _linear(x, w):
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]
