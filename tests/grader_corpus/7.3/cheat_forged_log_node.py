# expect: failed forged_node
from engine import Value


def forged(out, pairs):
    # An anchor of data -1 that carries the slopes; over it a 'log' node that claims the output.
    # log(-1) has no value, so a check that gives up when the rule fails lets it through.
    anchor = sum((value - value.data) * slope for value, slope in pairs) - 1.0
    return Value(out, (anchor,), (1.0,), "log")


def first_probability(s1, s2):
    c1, c2 = Value(s1.data), Value(s2.data)
    result = _honest(c1, c2)
    result.backward()
    return forged(result.data, [(s1, c1.grad), (s2, c2.grad)])


def _honest(s1, s2):
    top = s1.exp()
    return top / (top + s2.exp())
