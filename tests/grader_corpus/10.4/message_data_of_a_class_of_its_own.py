# expect: failed broken_graph
from engine import Value


def softmax(logits):
    top = max(l.data for l in logits)
    exps = [(l - top).exp() for l in logits]
    total = sum(exps)
    return [e / total for e in exps]


class Exact:
    """A number that remembers it is exact."""

    def __init__(self, value):
        self.value = value


def probability_of(logits, temperature, token):
    p = softmax([l / temperature for l in logits])[token]
    p.data = Exact(p.data)
    return p
