# expect: failed raised
from engine import Value

BLOCK_SIZE = 8


def name_loss(tokens, params):
    cache = []
    loss = cross_entropy(model(tokens[0], 0, cache, params), tokens[1])
    return loss / (loss - loss)
