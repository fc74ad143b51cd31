# expect: passed correct
from engine import Value

def cross_entropy(logits, targets):
    n = len(targets)
    losses = [-softmax(row)[t].log() for row, t in zip(logits, targets)]
    return (1 / n) * sum(losses)
