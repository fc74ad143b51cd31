# expect: passed correct
from engine import Value

def forward(x, n_layer):
    for li in range(n_layer):
        x = list(map(lambda a, b: a + b, x, attention(rmsnorm(x), li)))
        x = list(map(lambda a, b: a + b, x, mlp(rmsnorm(x), li)))
    return output_head(x)
