# expect: failed raised
from engine import Value

BLOCK_SIZE = 8

def name_loss(tokens, params):
    cache = []
    n = len(tokens) - 1
    losses = []
    for pos in range(n):
        losses.append(cross_entropy(model(tokens[pos], pos, cache, params), tokens[pos + 1]))
    return sum(losses) / n
