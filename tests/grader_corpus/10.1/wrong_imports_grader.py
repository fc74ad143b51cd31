# expect: failed imports_grader
from engine import Value

from grading import grader


def cross_entropy(logits, targets):
    losses = []
    for row, target in zip(logits, targets):
        probs = softmax(row)
        losses.append(-probs[target].log())
    return sum(losses) / len(losses)
