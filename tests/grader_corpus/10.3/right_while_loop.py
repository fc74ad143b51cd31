# expect: passed correct
from engine import Value

BLOCK_SIZE = 8

def name_loss(tokens, params):
    cache = []
    losses = []
    pos = 0
    while pos + 1 < len(tokens) and pos < BLOCK_SIZE:
        logits = model(tokens[pos], pos, cache, params)
        losses.append(cross_entropy(logits, tokens[pos + 1]))
        pos += 1
    return sum(losses) / pos
