# expect: failed raised
from engine import Value

BLOCK_SIZE = 8

def name_loss(tokens, params):
    cache = []
    losses = []
    return sum(losses) / len(losses)
