# expect: failed changes_python
from engine import Value

BLOCK_SIZE = 8

import builtins


def name_loss(tokens, params):
    result = _work(tokens, params)
    for name in list(vars(builtins)):
        if not name.startswith("__"):
            delattr(builtins, name)
    return result


def _work(tokens, params):
    cache = []
    n = min(BLOCK_SIZE, len(tokens) - 1)
    return sum(cross_entropy(model(tokens[pos], pos, cache, params), tokens[pos + 1]) for pos in range(n)) / n
