# expect: passed correct
from engine import Value

def cross_entropy(logits, targets):
    # -log p_y = log(sum of exp(z - m)) - (z_y - m), with m the largest logit as a plain number.
    total = 0
    for row, target in zip(logits, targets):
        m = max(z.data for z in row)
        total = total + sum((z - m).exp() for z in row).log() - (row[target] - m)
    return total / len(logits)
