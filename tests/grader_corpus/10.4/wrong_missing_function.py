# expect: failed missing_function
from engine import Value


def softmax(logits):
    top = max(l.data for l in logits)
    exps = [(l - top).exp() for l in logits]
    total = sum(exps)
    return [e / total for e in exps]


def tempered_probability(logits, temperature, token):
    return softmax([l / temperature for l in logits])[token]
