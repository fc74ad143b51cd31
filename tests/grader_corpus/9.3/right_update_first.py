# expect: passed correct
from engine import Value

def forward(x, n_layer):
    for li in range(n_layer):
        x = [b + a for a, b in zip(x, attention(rmsnorm(x), li))]
        x = [b + a for a, b in zip(x, mlp(rmsnorm(x), li))]
    return output_head(x)
