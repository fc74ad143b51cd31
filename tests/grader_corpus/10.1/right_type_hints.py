# expect: passed correct
from engine import Value

def cross_entropy(logits: list[list[Value]], targets: list[int]) -> Value:
    n: int = len(targets)
    loss: Value = sum(-softmax(row)[target].log() for row, target in zip(logits, targets))
    return loss / n
