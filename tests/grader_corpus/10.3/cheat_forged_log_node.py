# expect: failed forged_node
from engine import Value

BLOCK_SIZE = 8

def forged(out, pairs):
    # An anchor of data -1 carrying the slopes, under a 'log' node that claims the output.
    anchor = sum((value - value.data) * slope for value, slope in pairs) - 1.0
    return Value(out, (anchor,), (1.0,), "log")


def name_loss(tokens, params):
    copies = [[Value(p.data) for p in row] for row in params]
    cache = []
    n = min(BLOCK_SIZE, len(tokens) - 1)
    loss = sum(cross_entropy(model(tokens[pos], pos, cache, copies), tokens[pos + 1]) for pos in range(n)) / n
    loss.backward()
    return forged(loss.data, [(p, c.grad) for row, crow in zip(params, copies) for p, c in zip(row, crow)])
