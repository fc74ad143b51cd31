# expect: passed correct
from engine import Value

def forward(x, n_layer):
    x = list(x)
    for li in range(n_layer):
        for block in (attention, mlp):
            out = block(rmsnorm(x), li)
            for i in range(len(x)):
                x[i] = x[i] + out[i]
    return output_head(x)
