# expect: passed correct
from engine import Value

def position_loss(row, target):
    """How surprised the model was at one position."""
    return -softmax(row)[target].log()


def mean(values):
    return sum(values) / len(values)


def cross_entropy(logits, targets):
    return mean([position_loss(row, target) for row, target in zip(logits, targets)])
