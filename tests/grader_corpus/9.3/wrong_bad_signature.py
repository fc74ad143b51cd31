# expect: failed bad_signature
from engine import Value

def forward(x):
    for li in range(2):
        x = [a + b for a, b in zip(x, attention(rmsnorm(x), li))]
        x = [a + b for a, b in zip(x, mlp(rmsnorm(x), li))]
    return output_head(x)
