"""Comparing two runs of a function: its output and the gradient at each input, within a tolerance."""

import math

from grading.shapes import leaves


def close(actual, expected, tolerance):
    """Equal within a relative tolerance; exactly 0 expects (almost) exactly 0; inf and nan must match."""
    if math.isnan(expected) or math.isnan(actual):
        return math.isnan(expected) and math.isnan(actual)
    if math.isinf(expected) or math.isinf(actual):
        return actual == expected
    if expected == 0:
        return abs(actual) <= 1e-12
    return math.isclose(actual, expected, rel_tol=tolerance)


def same_numbers(actual, expected, tolerance):
    """Two numbers, or two (nested) lists of numbers of one shape, agree within tolerance."""
    if isinstance(expected, list) or isinstance(actual, list):
        return (
            isinstance(expected, list)
            and isinstance(actual, list)
            and len(actual) == len(expected)
            and all(same_numbers(a, e, tolerance) for a, e in zip(actual, expected))
        )
    return close(actual, expected, tolerance)


def agrees(exercise, actual, expected, quantities=None):
    """Whether two runs give the same output and gradients (or only the named quantities)."""
    if actual.problem or expected.problem:
        return False
    return all(
        same_numbers(quantity_of(actual, q), quantity_of(expected, q), exercise.tolerance)
        for q in quantities or exercise.quantities
    )


def quantity_of(run, quantity):
    """'output' or 'grad_<input>' of a run: a number, or a list of numbers."""
    if quantity == "output":
        return run.output
    return run.grads[quantity.removeprefix("grad_")]


def failure_of(run):
    """Why a run of the exercise's own solution cannot be compared with, in a phrase; None if it can.
    A number that is not finite counts: nothing a learner returns could be judged against it."""
    if run.problem == "raised":
        return f"raised {run.detail['type']}: {run.detail['message']}"
    if run.problem == "not_a_value":
        return f"returned {run.detail} where a Value was expected"
    if run.problem:
        return f"failed ({run.problem.replace('_', ' ')}: {run.detail})"
    quantities = {"output": run.output, **{f"grad_{name}": grad for name, grad in run.grads.items()}}
    for quantity, numbers in quantities.items():
        for number in leaves(numbers):
            if not isinstance(number, (int, float)) or not math.isfinite(number):
                what = "output" if quantity == "output" else f"gradient at {quantity.removeprefix('grad_')}"
                return f"gave {number!r} as its {what}, not a finite number"
    return None
