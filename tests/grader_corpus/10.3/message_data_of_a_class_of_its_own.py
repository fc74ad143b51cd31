# expect: failed broken_graph
from engine import Value

BLOCK_SIZE = 8

class Exact:
    """A number that remembers it is exact."""

    def __init__(self, value):
        self.value = value


def name_loss(tokens, params):
    cache = []
    n = min(BLOCK_SIZE, len(tokens) - 1)
    loss = sum(cross_entropy(model(tokens[pos], pos, cache, params), tokens[pos + 1]) for pos in range(n)) / n
    loss.data = Exact(loss.data)
    return loss
