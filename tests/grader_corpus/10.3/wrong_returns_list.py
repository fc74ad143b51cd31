# expect: failed not_a_value
from engine import Value

BLOCK_SIZE = 8

def name_loss(tokens, params):
    cache = []
    n = min(BLOCK_SIZE, len(tokens) - 1)
    losses = []
    for pos in range(n):
        losses.append(cross_entropy(model(tokens[pos], pos, cache, params), tokens[pos + 1]) / n)
    return losses
