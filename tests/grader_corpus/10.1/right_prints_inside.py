# expect: passed correct
from engine import Value

def cross_entropy(logits, targets):
    losses = []
    for row, target in zip(logits, targets):
        probs = softmax(row)
        print("p(target) =", round(probs[target].data, 4))
        losses.append(-probs[target].log())
    loss = sum(losses) / len(losses)
    print("loss:", loss.data)
    return loss
