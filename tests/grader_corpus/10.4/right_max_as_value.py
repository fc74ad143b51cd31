# expect: passed correct
from engine import Value

def probability_of(logits, temperature, token):
    scaled = [l / temperature for l in logits]
    top = max(scaled, key=lambda s: s.data)  # a Value: its gradient cancels out
    exps = [(s - top).exp() for s in scaled]
    return exps[token] / sum(exps)
