# expect: failed forged_node
from engine import Value


def forged(out, pairs):
    # An anchor of data -1 that carries the slope; over it a 'log' node that claims the output.
    # log(-1) has no value, so a check that gives up when the rule fails lets it through.
    anchor = sum((value - value.data) * rate for value, rate in pairs) - 1.0
    return Value(out, (anchor,), (1.0,), "log")


def slope(f, x, h):
    copy = Value(x.data)
    result = (f(copy + h) - f(copy - h)) / (2 * h)
    result.backward()
    return forged(result.data, [(x, copy.grad)])
