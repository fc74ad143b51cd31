# expect: passed correct
from engine import Value

def name_loss(tokens, params):
    cache = []
    n = min(8, len(tokens) - 1)
    total = None
    for pos in range(n):
        loss = cross_entropy(model(tokens[pos], pos, cache, params), tokens[pos + 1])
        total = loss if total is None else total + loss
    return total * n**-1
