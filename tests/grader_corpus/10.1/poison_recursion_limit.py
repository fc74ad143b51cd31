# expect: failed changes_python
from engine import Value

import sys

# The lowest limit Python accepts here: how deep this line runs is the grader's business.
for lowest in range(2, 1000):
    try:
        sys.setrecursionlimit(lowest)
        break
    except RecursionError:
        continue


def cross_entropy(logits, targets):
    losses = []
    for row, target in zip(logits, targets):
        probs = softmax(row)
        losses.append(-probs[target].log())
    return sum(losses) / len(losses)
