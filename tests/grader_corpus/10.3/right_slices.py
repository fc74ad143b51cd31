# expect: passed correct
from engine import Value

BLOCK_SIZE = 8

def name_loss(tokens, params):
    cache = []
    n = min(BLOCK_SIZE, len(tokens) - 1)
    inputs, targets = tokens[:n], tokens[1 : n + 1]
    losses = []
    for pos, (token, target) in enumerate(zip(inputs, targets)):
        losses.append(cross_entropy(model(token, pos, cache, params), target))
    return sum(losses) / n
