# expect: failed broken_graph
import math

from engine import Value


class Exact:
    """A number that remembers it is exact."""

    def __init__(self, value):
        self.value = value


def causal_attention(qs, ks, vs):
    outs = _work(qs, ks, vs)
    outs[-1].data = Exact(outs[-1].data)
    return outs


def _work(qs, ks, vs):
    keys, values, outs = [], [], []
    for t in range(len(qs)):
        keys.append(ks[t])
        values.append(vs[t])
        outs.extend(attend(qs[t], keys, values))
    return outs
