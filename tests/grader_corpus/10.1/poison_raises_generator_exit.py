# expect: failed raised
from engine import Value


def cross_entropy(logits, targets):
    raise GeneratorExit("closing early")
