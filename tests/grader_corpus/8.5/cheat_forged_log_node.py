# expect: failed forged_node
from engine import Value


def forged(out, pairs):
    # An anchor of data -1 that carries the slopes; over it a 'log' node that claims the output.
    # log(-1) has no value, so a check that gives up when the rule fails lets it through.
    anchor = sum((value - value.data) * slope for value, slope in pairs) - 1.0
    return Value(out, (anchor,), (1.0,), "log")


def rmsnorm(x):
    copies = [Value(xi.data) for xi in x]
    results = _honest(copies)
    sum(results).backward()
    rest = [xi * 0 + r.data for xi, r in zip(x[1:], results[1:])]
    return [forged(results[0].data, [(xi, c.grad) for xi, c in zip(x, copies)])] + rest


def _honest(x):
    ms = sum(xi * xi for xi in x) / len(x)
    scale = (ms + 1e-5) ** -0.5
    return [xi * scale for xi in x]
