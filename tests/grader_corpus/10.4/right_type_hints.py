# expect: passed correct
from engine import Value


def softmax(logits):
    top = max(l.data for l in logits)
    exps = [(l - top).exp() for l in logits]
    total = sum(exps)
    return [e / total for e in exps]


def probability_of(logits: list[Value], temperature: float, token: int) -> Value:
    scaled: list[Value] = [l / temperature for l in logits]
    return softmax(scaled)[token]
