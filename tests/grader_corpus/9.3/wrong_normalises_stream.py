# expect: failed normalises_stream
from engine import Value

def forward(x, n_layer):
    for li in range(n_layer):
        x = rmsnorm(x)
        x = [a + b for a, b in zip(x, attention(x, li))]
        x = rmsnorm(x)
        x = [a + b for a, b in zip(x, mlp(x, li))]
    return output_head(x)
