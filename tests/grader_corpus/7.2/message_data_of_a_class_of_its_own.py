# expect: failed broken_graph
from engine import Value



class Exact:
    """A number that remembers it is exact."""

    def __init__(self, value):
        self.value = value


def chain_rate(x, a):
    u = x * a
    rate = a * (2 * u) * (u ** 2).exp()
    rate.data = Exact(rate.data)
    return rate
