# expect: failed bypasses
from engine import Value


def closed_form(x, depth):
    """Work out the stack's output and its gradient at the input with throwaway Values."""
    value, slope = x.data, 1.0
    for _ in range(depth):
        probe = Value(value)
        step = layer(probe)
        step.backward()
        value, slope = value + step.data, slope * (1 + probe.grad)
    return value, slope


def residual_stack(x, depth=20):
    # The closed form again, with one layer call per step wired in at a weight of zero.
    value, slope = closed_form(x, depth)
    out = x * slope + (value - x.data * slope)
    for _ in range(depth):
        out = out + layer(x) * 0
    return out
