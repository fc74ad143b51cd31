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
    # The right numbers, built with ordinary engine operations, but no layer feeds the result.
    value, slope = closed_form(x, depth)
    return x * slope + (value - x.data * slope)
