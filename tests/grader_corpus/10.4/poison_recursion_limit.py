# expect: failed changes_python
from engine import Value


def softmax(logits):
    top = max(l.data for l in logits)
    exps = [(l - top).exp() for l in logits]
    total = sum(exps)
    return [e / total for e in exps]


import sys

# The lowest limit Python accepts here: how deep this line runs is the grader's business.
for lowest in range(2, 1000):
    try:
        sys.setrecursionlimit(lowest)
        break
    except RecursionError:
        continue


def probability_of(logits, temperature, token):
    return _work(logits, temperature, token)


def _work(logits, temperature, token):
    return softmax([l / temperature for l in logits])[token]
