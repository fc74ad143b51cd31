# expect: failed broken_graph
from engine import Value



class Exact:
    """A number that remembers it is exact."""

    def __init__(self, value):
        self.value = value


def linear(x, w):
    outs = [sum(wij * xj for wij, xj in zip(row, x)) for row in w]
    outs[-1].data = Exact(outs[-1].data)
    return outs
