# expect: failed forged_node
from engine import Value


def layer(x):
    return (x * 0.1).relu()


def forged(out, pairs):
    # An anchor of data -1 that carries the slopes; over it a 'log' node that claims the output.
    # log(-1) has no value, so a check that gives up when the rule fails lets it through.
    anchor = sum((value - value.data) * slope for value, slope in pairs) - 1.0
    return Value(out, (anchor,), (1.0,), "log")


def residual_stack(x, depth=20):
    copy = Value(x.data)
    calls = []
    result = _honest(copy, depth, calls)
    result.backward()
    out = forged(result.data, [(x, copy.grad)])
    for point, call in calls:  # a layer call at each step's number, with the gradient a real stack gives it
        probe = layer(Value(point))
        out = out + (probe - probe.data) * call.grad
    return out


def _honest(x, depth, calls):
    for _ in range(depth):
        step = layer(x)
        calls.append((x.data, step))
        x = x + step
    return x
