# expect: passed correct
from engine import Value


def softmax(logits):
    top = max(l.data for l in logits)
    exps = [(l - top).exp() for l in logits]
    total = sum(exps)
    return [e / total for e in exps]


def probability_of(logits, temperature, token):
    # softmax(z / T) is softmax(z) raised to 1/T, normalised again
    powered = [p ** (1 / temperature) for p in softmax(logits)]
    return powered[token] / sum(powered)
