# expect: failed changes_python
from engine import Value

import io
import sys

sys.stdout = io.StringIO()  # and never put back


def cross_entropy(logits, targets):
    losses = []
    for row, target in zip(logits, targets):
        probs = softmax(row)
        losses.append(-probs[target].log())
    return sum(losses) / len(losses)
