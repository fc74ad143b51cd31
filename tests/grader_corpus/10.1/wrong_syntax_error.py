# expect: failed syntax_error
from engine import Value

def cross_entropy(logits, targets):
    losses = [-softmax(row)[target].log() for row, target in zip(logits, targets)
    return sum(losses) / len(losses)
