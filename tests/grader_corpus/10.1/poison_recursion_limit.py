# expect: failed changes_python
from engine import Value

import sys

sys.setrecursionlimit(12)


def cross_entropy(logits, targets):
    losses = []
    for row, target in zip(logits, targets):
        probs = softmax(row)
        losses.append(-probs[target].log())
    return sum(losses) / len(losses)
