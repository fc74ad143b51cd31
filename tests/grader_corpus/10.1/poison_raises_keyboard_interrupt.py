# expect: failed raised
from engine import Value


def cross_entropy(logits, targets):
    raise KeyboardInterrupt  # as if Stop had been pressed
