# expect: failed fresh_cache
from engine import Value

BLOCK_SIZE = 8

def name_loss(tokens, params):
    n = min(BLOCK_SIZE, len(tokens) - 1)
    losses = []
    for pos in range(n):
        cache = []
        losses.append(cross_entropy(model(tokens[pos], pos, cache, params), tokens[pos + 1]))
    return sum(losses) / n
