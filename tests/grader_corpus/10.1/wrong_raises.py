# expect: failed raised
from engine import Value

def cross_entropy(logits, targets):
    losses = [-softmax(row)[target + 1].log() for row, target in zip(logits, targets)]
    return sum(losses) / len(losses)
