# expect: failed forged_node
from engine import Value


def forged(out, pairs):
    # An anchor of data -1 that carries the slopes; over it a 'log' node that claims the output.
    anchor = sum((value - value.data) * slope for value, slope in pairs) - 1.0
    return Value(out, (anchor,), (1.0,), "log")


def mlp(x, w1, w2):
    copies = [Value(xi.data) for xi in x]
    results = _work(copies, [[Value(w.data) for w in row] for row in w1], [[Value(w.data) for w in row] for row in w2])
    sum(results).backward()
    rest = [x[0] * 0 + r.data for r in results[1:]]
    return [forged(results[0].data, [(xi, c.grad) for xi, c in zip(x, copies)])] + rest


def _work(x, w1, w2):
    fired = [h.relu() for h in _linear(x, w1)]
    return _linear(fired, w2)


def _linear(x, w):
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]
