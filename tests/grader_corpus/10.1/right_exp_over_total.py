# expect: passed correct
from engine import Value

def cross_entropy(logits, targets):
    losses = []
    for row, target in zip(logits, targets):
        top = max(z.data for z in row)
        exps = [(z - top).exp() for z in row]
        losses.append(-(exps[target] / sum(exps)).log())
    return sum(losses) / len(losses)
