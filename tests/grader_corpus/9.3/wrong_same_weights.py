# expect: failed same_weights
from engine import Value

def forward(x, n_layer):
    for li in range(n_layer):
        x = [a + b for a, b in zip(x, attention(rmsnorm(x), 0))]
        x = [a + b for a, b in zip(x, mlp(rmsnorm(x), 0))]
    return output_head(x)
