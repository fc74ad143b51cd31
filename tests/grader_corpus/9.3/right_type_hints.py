# expect: passed correct
from engine import Value

def forward(x: list, n_layer: int) -> list:
    for li in range(n_layer):
        normed: list = rmsnorm(x)
        x = [a + b for a, b in zip(x, attention(normed, li))]
        x = [a + b for a, b in zip(x, mlp(rmsnorm(x), li))]
    return output_head(x)
