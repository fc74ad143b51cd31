# expect: failed forgets_minus
from engine import Value

def cross_entropy(logits, targets):
    losses = []
    for row, target in zip(logits, targets):
        losses.append(softmax(row)[target].log())
    return sum(losses) / len(losses)
