# expect: passed correct
from engine import Value

BLOCK_SIZE = 8

def name_loss(tokens, params):
    cache = []
    n = min(BLOCK_SIZE, len(tokens) - 1)
    losses = []
    for pos in range(n):
        logits = model(tokens[pos], pos, cache, params)
        losses.append(cross_entropy(logits, tokens[pos + 1]))
    return (1 / n) * sum(losses)
