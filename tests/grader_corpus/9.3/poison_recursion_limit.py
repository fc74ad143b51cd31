# expect: failed changes_python
from engine import Value

import sys

# The lowest limit Python accepts here: how deep this line runs is the grader's business.
for lowest in range(2, 1000):
    try:
        sys.setrecursionlimit(lowest)
        break
    except RecursionError:
        continue


def forward(x, n_layer):
    for li in range(n_layer):
        x = [a + b for a, b in zip(x, attention(rmsnorm(x), li))]
        x = [a + b for a, b in zip(x, mlp(rmsnorm(x), li))]
    return output_head(x)
