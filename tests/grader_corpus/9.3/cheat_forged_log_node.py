# expect: failed forged_node
from engine import Value

def forged(out, pairs):
    # An anchor of data -1 carrying the slopes, under a 'log' node that claims the output.
    anchor = sum((value - value.data) * slope for value, slope in pairs) - 1.0
    return Value(out, (anchor,), (1.0,), "log")


def forward(x, n_layer):
    copies = [Value(xi.data) for xi in x]
    stream = copies
    for li in range(n_layer):
        stream = [a + b for a, b in zip(stream, attention(rmsnorm(stream), li))]
        stream = [a + b for a, b in zip(stream, mlp(rmsnorm(stream), li))]
    logits = output_head(stream)
    sum(logits).backward()
    rest = [x[0] * 0 + l.data for l in logits[1:]]
    return [forged(logits[0].data, [(xi, c.grad) for xi, c in zip(x, copies)])] + rest
