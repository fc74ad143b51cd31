# expect: failed predicts_current
from engine import Value

BLOCK_SIZE = 8

def name_loss(tokens, params):
    cache = []
    n = min(BLOCK_SIZE, len(tokens) - 1)
    losses = []
    for pos in range(n):
        token = tokens[pos]
        logits = model(token, pos, cache, params)
        losses.append(cross_entropy(logits, token))
    return sum(losses) / len(losses)
