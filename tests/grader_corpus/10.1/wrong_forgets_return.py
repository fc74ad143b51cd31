# expect: failed not_a_value
from engine import Value

def cross_entropy(logits, targets):
    losses = [-softmax(row)[target].log() for row, target in zip(logits, targets)]
    loss = sum(losses) / len(losses)
