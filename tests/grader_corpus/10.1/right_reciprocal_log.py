# expect: passed correct
from engine import Value

def cross_entropy(logits, targets):
    # log(1/p) is -log(p)
    losses = [(softmax(row)[t] ** -1).log() for row, t in zip(logits, targets)]
    return sum(losses) * (1.0 / len(losses))
