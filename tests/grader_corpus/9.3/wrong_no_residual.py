# expect: failed no_residual
from engine import Value

def forward(x, n_layer):
    for li in range(n_layer):
        x = attention(rmsnorm(x), li)
        x = mlp(rmsnorm(x), li)
    return output_head(x)
