# expect: passed correct
from engine import Value

BLOCK_SIZE = 8

def name_loss(tokens: list[int], params: list[list[Value]]) -> Value:
    cache: list = []
    n: int = min(BLOCK_SIZE, len(tokens) - 1)
    losses: list[Value] = []
    for pos in range(n):
        logits = model(tokens[pos], pos, cache, params)
        losses.append(cross_entropy(logits, tokens[pos + 1]))
    return sum(losses) / n
