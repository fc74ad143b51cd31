# expect: passed correct
from engine import Value

def forward(x, n_layer):
    li = 0
    while li < n_layer:
        x = [a + b for a, b in zip(x, attention(rmsnorm(x), li))]
        x = [a + b for a, b in zip(x, mlp(rmsnorm(x), li))]
        li += 1
    return output_head(x)
