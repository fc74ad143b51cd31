# expect: passed correct
from engine import Value

def residual(block, x, li):
    """One block: read a normalised copy, add what it makes back."""
    return [a + b for a, b in zip(x, block(rmsnorm(x), li))]


def forward(x, n_layer):
    for li in range(n_layer):
        for block in (attention, mlp):
            x = residual(block, x, li)
    return output_head(x)
