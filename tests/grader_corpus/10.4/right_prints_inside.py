# expect: passed correct
from engine import Value


def softmax(logits):
    top = max(l.data for l in logits)
    exps = [(l - top).exp() for l in logits]
    total = sum(exps)
    return [e / total for e in exps]


def probability_of(logits, temperature, token):
    scaled = [l / temperature for l in logits]
    probs = softmax(scaled)
    print("probabilities:", [round(p.data, 3) for p in probs])
    return probs[token]
