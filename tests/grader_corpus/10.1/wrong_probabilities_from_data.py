# expect: failed no_gradient
from engine import Value

def cross_entropy(logits, targets):
    losses = []
    for row, target in zip(logits, targets):
        total = sum(z.exp() for z in row).data
        losses.append(-(row[target].exp() / total).log())
    return sum(losses) / len(losses)
