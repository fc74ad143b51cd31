# expect: passed correct
from engine import Value

def cross_entropy(logits, targets):
    logs = [softmax(row)[target].log() for row, target in zip(logits, targets)]
    return -sum(logs) / len(logs)
