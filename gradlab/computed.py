"""Numbers the lessons quote, computed at build time by the real engine, so prose cannot drift."""

import math

from engine.stacks import gradient_curve, run_stack


def plain_gradient(depth, rate=0.1, x=1.0):
    return run_stack(depth, rate, residual=False, x=x)[1]


def residual_gradient(depth, rate=0.1, x=1.0):
    return run_stack(depth, rate, residual=True, x=x)[1]


def plain_output(depth, rate=0.1, x=1.0):
    return run_stack(depth, rate, residual=False, x=x)[0]


def residual_output(depth, rate=0.1, x=1.0):
    return run_stack(depth, rate, residual=True, x=x)[0]


PROSE_FUNCTIONS = {f.__name__: f for f in (plain_gradient, residual_gradient, plain_output, residual_output)}


def evaluate(expression, spec=""):
    """Evaluate a lesson's `{{ expression | spec }}` with only the functions above in reach."""
    value = eval(expression, {"__builtins__": {}, "math": math}, dict(PROSE_FUNCTIONS))
    return format(value, spec) if spec else str(value)


def gradient_vs_depth(rate="0.1", max_depth="40"):
    """Explore data: the gradient reaching the input at each depth, plain and residual."""
    return gradient_curve(setting_number("rate", rate, float), setting_number("max_depth", max_depth, int))


def setting_number(name, text, kind):
    """An explore setting read as a number of the given kind, or a ValueError the instructor can act on."""
    try:
        return kind(text)
    except ValueError:
        example = "40" if kind is int else "0.1"
        raise ValueError(f"{name} is a number, such as {example}, not {text!r}") from None


EXPLORES = {"gradient-vs-depth": gradient_vs_depth}
