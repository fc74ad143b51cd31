# expect: failed bad_signature
from engine import Value

BLOCK_SIZE = 8

def name_loss(tokens):
    cache = []
    n = min(BLOCK_SIZE, len(tokens) - 1)
    losses = []
    for pos in range(n):
        losses.append(cross_entropy(model(tokens[pos], pos, cache, PARAMS), tokens[pos + 1]))
    return sum(losses) / n
