# expect: failed changes_python
from engine import Value

import sys

sys.setrecursionlimit(12)


def forward(x, n_layer):
    for li in range(n_layer):
        x = [a + b for a, b in zip(x, attention(rmsnorm(x), li))]
        x = [a + b for a, b in zip(x, mlp(rmsnorm(x), li))]
    return output_head(x)
