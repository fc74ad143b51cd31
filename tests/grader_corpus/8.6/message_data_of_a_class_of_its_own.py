# expect: failed broken_graph
from engine import Value


def layer(x):
    return (x * 0.1).relu()



class Exact:
    """A number that remembers it is exact."""

    def __init__(self, value):
        self.value = value


def residual_stack(x, depth=20):
    for _ in range(depth):
        x = x + layer(x)
    x.data = Exact(x.data)
    return x
