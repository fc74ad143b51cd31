# expect: failed raised
from engine import Value


def forward(x, n_layer):
    for li in range(n_layer):
        out = attention(rmsnorm(x), li)
        x = [x[i] + out[i + 1] for i in range(len(x))]
        x = [a + b for a, b in zip(x, mlp(rmsnorm(x), li))]
    return output_head(x)
