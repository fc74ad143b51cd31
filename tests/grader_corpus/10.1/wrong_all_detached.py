# expect: failed no_gradient
from engine import Value

def cross_entropy(logits, targets):
    losses = [-softmax(row)[target].log() for row, target in zip(logits, targets)]
    return Value((sum(losses) / len(losses)).data)
