# expect: failed changes_python
from engine import Value

import sys


def cross_entropy(logits, targets):
    sys.excepthook = lambda *details: None
    sys.settrace(lambda *event: None)
    return _work(logits, targets)


def _work(logits, targets):
    losses = []
    for row, target in zip(logits, targets):
        probs = softmax(row)
        losses.append(-probs[target].log())
    return sum(losses) / len(losses)
