# expect: failed wrong
from engine import Value

def cross_entropy(logits, targets):
    losses = []
    for row, target in zip(logits, targets):
        probs = softmax(row)
        losses.append(-sum(p.log() for p in probs) / len(probs))
    return sum(losses) / len(losses)
