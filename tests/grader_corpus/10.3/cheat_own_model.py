# expect: failed bypasses
from engine import Value

BLOCK_SIZE = 8

import math


def name_loss(tokens, params):
    # The model and the loss written out here instead of called: the same numbers, not through the given functions.
    cache = []
    n = min(BLOCK_SIZE, len(tokens) - 1)
    losses = []
    for pos in range(n):
        x = [w + 0.5 * math.sin(1.3 * pos + 0.7 * j) for j, w in enumerate(params[tokens[pos]])]
        cache.append(x)
        context = [sum(column) / len(cache) for column in zip(*cache)]
        logits = [sum(w * c for w, c in zip(row, context)) for row in params]
        top = max(l.data for l in logits)
        exps = [(l - top).exp() for l in logits]
        losses.append(-(exps[tokens[pos + 1]] / sum(exps)).log())
    return sum(losses) / n
