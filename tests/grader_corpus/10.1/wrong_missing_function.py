# expect: failed missing_function
from engine import Value

def loss_of_name(logits, targets):
    losses = []
    for row, target in zip(logits, targets):
        probs = softmax(row)
        losses.append(-probs[target].log())
    return sum(losses) / len(losses)
