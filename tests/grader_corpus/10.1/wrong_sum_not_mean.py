# expect: failed sum_not_mean
from engine import Value

def cross_entropy(logits, targets):
    total = 0
    for row, target in zip(logits, targets):
        total = total - softmax(row)[target].log()
    return total
