# expect: failed wrong
from engine import Value

def forward(x, n_layer):
    for li in range(n_layer):
        x = [a + b for a, b in zip(x, attention(rmsnorm(x), li))]
        x = [a + b for a, b in zip(x, mlp(rmsnorm(x), li))]
        return output_head(x)
    return output_head(x)
