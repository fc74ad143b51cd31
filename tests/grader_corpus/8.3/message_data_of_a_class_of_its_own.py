# expect: failed broken_graph
import math

from engine import Value


class Exact:
    """A number that remembers it is exact."""

    def __init__(self, value):
        self.value = value


def attend(q, keys, values):
    outs = _work(q, keys, values)
    outs[-1].data = Exact(outs[-1].data)
    return outs


def _work(q, keys, values):
    scores = [sum(qi * ki for qi, ki in zip(q, k)) / math.sqrt(len(q)) for k in keys]
    top = max(s.data for s in scores)
    exps = [(s - top).exp() for s in scores]
    total = sum(exps)
    weights = [e / total for e in exps]
    return [sum(w * v[j] for w, v in zip(weights, values)) for j in range(len(values[0]))]
