# expect: passed correct
from engine import Value

def cross_entropy(logits, targets):
    total = Value(0.0)
    for i in range(len(logits)):
        p = softmax(logits[i])[targets[i]]
        total += -p.log()
    return total / len(logits)
