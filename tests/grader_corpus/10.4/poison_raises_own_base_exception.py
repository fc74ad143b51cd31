# expect: failed raised
from engine import Value


def softmax(logits):
    top = max(l.data for l in logits)
    exps = [(l - top).exp() for l in logits]
    total = sum(exps)
    return [e / total for e in exps]


class Enough(BaseException):
    """Not an Exception: an ordinary except clause lets it through."""


def probability_of(logits, temperature, token):
    raise Enough("that will do")
