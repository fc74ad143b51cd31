"""The lesson's two stacks of `relu(rate * x)` layers, measured with the engine itself."""

from functools import lru_cache

from engine.graph import dismantle
from engine.value import Value


# Lessons and sliders ask for the same stacks again and again; the answer never changes.
@lru_cache(maxsize=4096)
def run_stack(depth, rate=0.1, residual=True, x=1.0):
    """Build a stack on Value(x) and return (output, gradient reaching the input)."""
    source = Value(float(x))
    out = source
    for _ in range(int(depth)):
        step = (out * float(rate)).relu()
        out = out + step if residual else step
    out.backward()
    measured = (out.data, source.grad)
    dismantle(out)
    return measured


def gradient_curve(rate=0.1, max_depth=40):
    """The gradient reaching the input at every depth from 0 to max_depth, plain and residual."""
    rate, max_depth = float(rate), int(max_depth)
    if not 1 <= max_depth <= 200:
        raise ValueError(f"max_depth must be between 1 and 200, not {max_depth}")
    depths = list(range(max_depth + 1))
    return {
        "rate": rate,
        "max_depth": max_depth,
        "depths": depths,
        "plain": [run_stack(d, rate, residual=False)[1] for d in depths],
        "residual": [run_stack(d, rate, residual=True)[1] for d in depths],
    }
