# expect: failed no_normalising
from engine import Value

def cross_entropy(logits, targets):
    losses = []
    for row, target in zip(logits, targets):
        top = max(z.data for z in row)
        losses.append(-(row[target] - top).exp().log())
    return sum(losses) / len(losses)
