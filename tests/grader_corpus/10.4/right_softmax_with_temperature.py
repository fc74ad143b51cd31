# expect: passed correct
from engine import Value

def softmax(logits, temperature=1.0):
    scaled = [l / temperature for l in logits]
    top = max(s.data for s in scaled)
    exps = [(s - top).exp() for s in scaled]
    total = sum(exps)
    return [e / total for e in exps]


def probability_of(logits, temperature, token):
    return softmax(logits, temperature)[token]
