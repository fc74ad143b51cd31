# expect: failed forged_node
from engine import Value

def forged(out, pairs):
    # An anchor of data -1 carrying the slopes, under a 'log' node that claims the output.
    anchor = sum((value - value.data) * slope for value, slope in pairs) - 1.0
    return Value(out, (anchor,), (1.0,), "log")


def cross_entropy(logits, targets):
    copies = [[Value(z.data) for z in row] for row in logits]
    loss = _honest(copies, targets)
    loss.backward()
    pairs = [(z, c.grad) for row, crow in zip(logits, copies) for z, c in zip(row, crow)]
    return forged(loss.data, pairs)


def _honest(logits, targets):
    losses = []
    for row, target in zip(logits, targets):
        probs = softmax(row)
        losses.append(-probs[target].log())
    return sum(losses) / len(losses)
