# expect: passed correct
from engine import Value


def softmax(logits):
    top = max(l.data for l in logits)
    exps = [(l - top).exp() for l in logits]
    total = sum(exps)
    return [e / total for e in exps]


def probability_of(scores, heat, which):
    cooled = [s / heat for s in scores]
    shares = softmax(cooled)
    return shares[which]
