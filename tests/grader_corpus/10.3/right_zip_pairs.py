# expect: passed correct
from engine import Value

BLOCK_SIZE = 8

def name_loss(tokens, params):
    cache = []
    losses = []
    for pos, (token, target) in enumerate(zip(tokens, tokens[1:])):
        if pos == BLOCK_SIZE:
            break
        losses.append(cross_entropy(model(token, pos, cache, params), target))
    return sum(losses) / len(losses)
