# expect: failed forged_node
from engine import Value


def softmax(logits):
    top = max(l.data for l in logits)
    exps = [(l - top).exp() for l in logits]
    total = sum(exps)
    return [e / total for e in exps]


def forged(out, pairs):
    # An anchor of data -1 carrying the slopes, under a 'log' node that claims the output.
    anchor = sum((value - value.data) * slope for value, slope in pairs) - 1.0
    return Value(out, (anchor,), (1.0,), "log")


def probability_of(logits, temperature, token):
    copies = [Value(l.data) for l in logits]
    p = softmax([c / temperature for c in copies])[token]
    p.backward()
    return forged(p.data, [(l, c.grad) for l, c in zip(logits, copies)])
