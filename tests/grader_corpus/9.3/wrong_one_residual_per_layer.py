# expect: failed one_residual_per_layer
from engine import Value

def forward(x, n_layer):
    for li in range(n_layer):
        x = [a + b for a, b in zip(x, mlp(rmsnorm(attention(rmsnorm(x), li)), li))]
    return output_head(x)
