# expect: passed correct
from engine import Value

def add(stream, update):
    return [s + u for s, u in zip(stream, update)]


def forward(x, n_layer):
    for li in range(n_layer):
        x = add(x, attention(rmsnorm(x), li))
        x = add(x, mlp(rmsnorm(x), li))
    return output_head(x)
