# expect: failed broken_graph
from engine import Value

class Exact:
    """A number that remembers it is exact."""

    def __init__(self, value):
        self.value = value


def cross_entropy(logits, targets):
    loss = _work(logits, targets)
    loss.data = Exact(loss.data)
    return loss


def _work(logits, targets):
    losses = []
    for row, target in zip(logits, targets):
        probs = softmax(row)
        losses.append(-probs[target].log())
    return sum(losses) / len(losses)
