# expect: passed correct
from engine import Value

def forward(x, n_layer):
    for li in range(n_layer):
        out = attention(rmsnorm(x), li)
        x = [x[i] + out[i] for i in range(len(x))]
        out = mlp(rmsnorm(x), li)
        x = [x[i] + out[i] for i in range(len(x))]
    return output_head(x)
