# expect: failed wrong
from engine import Value

def cross_entropy(logits, targets):
    for row, target in zip(logits, targets):
        loss = -softmax(row)[target].log()
    return loss
