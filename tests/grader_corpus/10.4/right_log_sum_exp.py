# expect: passed correct
from engine import Value

def probability_of(logits, temperature, token):
    scaled = [l / temperature for l in logits]
    top = max(s.data for s in scaled)
    log_total = sum((s - top).exp() for s in scaled).log() + top
    return (scaled[token] - log_total).exp()
