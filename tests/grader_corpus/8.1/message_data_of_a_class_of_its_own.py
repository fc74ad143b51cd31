# expect: failed broken_graph
from engine import Value



class Exact:
    """A number that remembers it is exact."""

    def __init__(self, value):
        self.value = value


def embed(token, pos, wte, wpe):
    outs = [t + p for t, p in zip(wte[token], wpe[pos])]
    outs[-1].data = Exact(outs[-1].data)
    return outs
