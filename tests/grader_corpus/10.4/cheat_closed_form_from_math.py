# expect: failed closed_form
from engine import Value


def softmax(logits):
    top = max(l.data for l in logits)
    exps = [(l - top).exp() for l in logits]
    total = sum(exps)
    return [e / total for e in exps]


import math


def probability_of(logits, temperature, token):
    # The probability and its gradient from the formula, carried by a Value built to show them.
    data = [l.data / temperature for l in logits]
    top = max(data)
    exps = [math.exp(d - top) for d in data]
    probs = [e / sum(exps) for e in exps]
    p = probs[token]
    out = logits[0] * 0 + p
    for i, l in enumerate(logits):
        slope = p * ((1.0 if i == token else 0.0) - probs[i]) / temperature
        out = out + (l - l.data) * slope
    return out
