# expect: passed correct
from engine import Value

BLOCK_SIZE = 8

def name_loss(tokens, params):
    memory = []
    count = min(BLOCK_SIZE, len(tokens) - 1)
    per_position = []
    for where in range(count):
        scores = model(tokens[where], where, memory, params)
        per_position.append(cross_entropy(scores, tokens[where + 1]))
    return sum(per_position) / count
