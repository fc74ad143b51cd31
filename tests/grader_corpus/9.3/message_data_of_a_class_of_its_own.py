# expect: failed broken_graph
from engine import Value

class Exact:
    """A number that remembers it is exact."""

    def __init__(self, value):
        self.value = value


def forward(x, n_layer):
    for li in range(n_layer):
        x = [a + b for a, b in zip(x, attention(rmsnorm(x), li))]
        x = [a + b for a, b in zip(x, mlp(rmsnorm(x), li))]
    logits = output_head(x)
    logits[-1].data = Exact(logits[-1].data)
    return logits
