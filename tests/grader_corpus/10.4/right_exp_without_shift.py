# expect: passed correct
from engine import Value

def probability_of(logits, temperature, token):
    exps = [(l / temperature).exp() for l in logits]
    return exps[token] / sum(exps)
