# expect: failed wrong
from engine import Value


def softmax(logits):
    top = max(l.data for l in logits)
    exps = [(l - top).exp() for l in logits]
    total = sum(exps)
    return [e / total for e in exps]


def probability_of(logits, temperature, token):
    return logits[token] / temperature
