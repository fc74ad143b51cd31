# expect: passed correct
from engine import Value

BLOCK_SIZE = 8

def name_loss(tokens, params):
    cache = []
    n = min(BLOCK_SIZE, len(tokens) - 1)
    losses = [cross_entropy(model(tokens[pos], pos, cache, params), tokens[pos + 1]) for pos in range(n)]
    return sum(losses) / len(losses)
