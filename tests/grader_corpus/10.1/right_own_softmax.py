# expect: passed correct
from engine import Value

def probabilities(row):
    top = max(z.data for z in row)
    exps = [(z - top).exp() for z in row]
    total = sum(exps)
    return [e / total for e in exps]


def cross_entropy(logits, targets):
    losses = []
    for row, target in zip(logits, targets):
        losses.append(-probabilities(row)[target].log())
    return sum(losses) / len(losses)
