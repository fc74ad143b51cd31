# expect: failed bad_signature
from engine import Value


def softmax(logits):
    top = max(l.data for l in logits)
    exps = [(l - top).exp() for l in logits]
    total = sum(exps)
    return [e / total for e in exps]


def probability_of(logits, token):
    return softmax([l / 0.5 for l in logits])[token]
