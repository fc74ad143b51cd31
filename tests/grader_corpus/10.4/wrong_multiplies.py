# expect: failed multiplies
from engine import Value


def softmax(logits):
    top = max(l.data for l in logits)
    exps = [(l - top).exp() for l in logits]
    total = sum(exps)
    return [e / total for e in exps]


def probability_of(logits, temperature, token):
    probs = softmax([l * temperature for l in logits])
    return probs[token]
