# expect: passed correct
from engine import Value

def stack(x, n_layer):
    if n_layer == 0:
        return x
    x = stack(x, n_layer - 1)
    li = n_layer - 1
    x = [a + b for a, b in zip(x, attention(rmsnorm(x), li))]
    return [a + b for a, b in zip(x, mlp(rmsnorm(x), li))]


def forward(x, n_layer):
    return output_head(stack(x, n_layer))
