# expect: passed correct
from engine import Value

def forward(x, n_layer):
    for li in range(n_layer):
        x_residual = x
        x = attention(rmsnorm(x), li)
        x = [a + b for a, b in zip(x, x_residual)]
        x_residual = x
        x = mlp(rmsnorm(x), li)
        x = [a + b for a, b in zip(x, x_residual)]
    return output_head(x)
