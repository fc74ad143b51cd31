# expect: failed closed_form
from engine import Value

import math


def cross_entropy(logits, targets):
    # The loss and its gradient p - onehot from the formula, carried by a Value built to show them.
    n = len(targets)
    out = logits[0][0] * 0
    total = 0.0
    for row, target in zip(logits, targets):
        data = [z.data for z in row]
        top = max(data)
        exps = [math.exp(d - top) for d in data]
        probs = [e / sum(exps) for e in exps]
        total += -math.log(probs[target])
        for i, z in enumerate(row):
            out = out + (z - z.data) * ((probs[i] - (1.0 if i == target else 0.0)) / n)
    return out + total / n
