# expect: passed correct
from engine import Value

def cross_entropy(logits, targets):
    loss = 0
    for pos, row in enumerate(logits):
        loss = loss - softmax(row)[targets[pos]].log()
    return loss / len(targets)
