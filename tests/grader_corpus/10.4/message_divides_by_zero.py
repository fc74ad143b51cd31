# expect: failed raised
from engine import Value


def probability_of(logits, temperature, token):
    total = sum(l * l for l in logits)
    return logits[token] / (total - total)
