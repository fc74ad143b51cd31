# expect: failed bad_signature
from engine import Value

def cross_entropy(logits):
    losses = [-softmax(row)[0].log() for row in logits]
    return sum(losses) / len(losses)
