# expect: failed forged_node
from engine import Value


def forged(out, pairs):
    # An anchor of data -1 that carries the slopes; over it a 'log' node that claims the output.
    # log(-1) has no value, so a check that gives up when the rule fails lets it through.
    anchor = sum((value - value.data) * slope for value, slope in pairs) - 1.0
    return Value(out, (anchor,), (1.0,), "log")


def chain_rate(x, a):
    copy = Value(x.data)
    result = _honest(copy, a)
    result.backward()
    return forged(result.data, [(x, copy.grad)])


def _honest(x, a):
    u = x * a
    v = u ** 2
    y = v.exp()
    return a * (2 * u) * y
