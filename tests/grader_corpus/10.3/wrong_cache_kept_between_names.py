# expect: failed wrong
from engine import Value

BLOCK_SIZE = 8

cache = []  # made once, so the second name still sees the first one's positions


def name_loss(tokens, params):
    n = min(BLOCK_SIZE, len(tokens) - 1)
    losses = []
    for pos in range(n):
        losses.append(cross_entropy(model(tokens[pos], pos, cache, params), tokens[pos + 1]))
    return sum(losses) / n
