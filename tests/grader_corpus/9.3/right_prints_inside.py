# expect: passed correct
from engine import Value

def forward(x, n_layer):
    for li in range(n_layer):
        x = [a + b for a, b in zip(x, attention(rmsnorm(x), li))]
        x = [a + b for a, b in zip(x, mlp(rmsnorm(x), li))]
        print("after layer", li, [round(v.data, 3) for v in x])
    return output_head(x)
