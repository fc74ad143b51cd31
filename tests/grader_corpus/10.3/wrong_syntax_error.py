# expect: failed syntax_error
from engine import Value

BLOCK_SIZE = 8

def name_loss(tokens, params):
    cache = []
    n = min(BLOCK_SIZE, len(tokens) - 1)
    for pos in range(n)
        loss = cross_entropy(model(tokens[pos], pos, cache, params), tokens[pos + 1])
    return loss
