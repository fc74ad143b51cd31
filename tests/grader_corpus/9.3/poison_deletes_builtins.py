# expect: failed changes_python
from engine import Value

import builtins


def forward(x, n_layer):
    result = _work(x, n_layer)
    for name in list(vars(builtins)):
        if not name.startswith("__"):
            delattr(builtins, name)
    return result


def _work(x, n_layer):
    for li in range(n_layer):
        x = [a + b for a, b in zip(x, attention(rmsnorm(x), li))]
        x = [a + b for a, b in zip(x, mlp(rmsnorm(x), li))]
    return output_head(x)
