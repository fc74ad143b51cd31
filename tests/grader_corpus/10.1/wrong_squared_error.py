# expect: failed wrong
from engine import Value

def cross_entropy(logits, targets):
    losses = [(1 - softmax(row)[target]) ** 2 for row, target in zip(logits, targets)]
    return sum(losses) / len(losses)
