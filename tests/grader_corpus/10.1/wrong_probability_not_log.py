# expect: failed probability_not_log
from engine import Value

def cross_entropy(logits, targets):
    losses = [-softmax(row)[target] for row, target in zip(logits, targets)]
    return sum(losses) / len(losses)
