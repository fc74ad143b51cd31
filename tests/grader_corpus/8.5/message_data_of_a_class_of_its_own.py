# expect: failed broken_graph
from engine import Value



class Exact:
    """A number that remembers it is exact."""

    def __init__(self, value):
        self.value = value


def rmsnorm(x):
    ms = sum(xi * xi for xi in x) / len(x)
    scale = (ms + 1e-5) ** -0.5
    outs = [xi * scale for xi in x]
    outs[-1].data = Exact(outs[-1].data)
    return outs
