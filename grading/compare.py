"""Comparing two runs of a function: its output and the gradient at each input, within a tolerance."""

import math

from grading.shapes import leaves

NEARBY_TOLERANCE = 1e-6  # see agrees_nearby: far below what a move of 1% changes, far above rounding
# A number that is 0 in exact arithmetic but summed from terms that cancel comes out as rounding, some
# 1e-16 times the size of those terms, and of either sign: two right answers that add in another order
# disagree there by any ratio. Within a list, a difference this small beside its largest number is that.
ROUNDING = 1e-12


def close(actual, expected, tolerance, rounding=0.0):
    """Equal within a relative tolerance, or within rounding of each other (an absolute margin); exactly 0
    expects (almost) exactly 0; inf and nan must match."""
    if math.isnan(expected) or math.isnan(actual):
        return math.isnan(expected) and math.isnan(actual)
    if math.isinf(expected) or math.isinf(actual):
        return actual == expected
    if abs(actual - expected) <= rounding:
        return True
    if expected == 0:
        return abs(actual) <= 1e-12
    return math.isclose(actual, expected, rel_tol=tolerance)


def same_numbers(actual, expected, tolerance):
    """Two numbers, or two (nested) lists of numbers of one shape, agree within tolerance; a number of a
    list may also miss by ROUNDING times the list's largest (a 0 that rounding left as 1e-16)."""
    if not (isinstance(expected, list) or isinstance(actual, list)):
        return close(actual, expected, tolerance)
    if actual == expected:
        return True  # the very same numbers, as a right answer often gives: told at once, not one by one
    return same_shape_and_numbers(actual, expected, tolerance, rounding_beside(leaves(expected)))


def rounding_beside(numbers):
    """How far a number may be from another and still be the same, for rounding alone, beside numbers:
    ROUNDING times the largest finite one."""
    return ROUNDING * max((abs(number) for number in numbers if math.isfinite(number)), default=0.0)


def same_shape_and_numbers(actual, expected, tolerance, rounding):
    if isinstance(expected, list) or isinstance(actual, list):
        return (
            isinstance(expected, list)
            and isinstance(actual, list)
            and len(actual) == len(expected)
            and all(same_shape_and_numbers(a, e, tolerance, rounding) for a, e in zip(actual, expected))
        )
    return close(actual, expected, tolerance, rounding)


def agrees(exercise, actual, expected, quantities=None):
    """Whether two runs give the same output and gradients (or only the named quantities)."""
    if actual.problem or expected.problem:
        return False
    return all(
        same_numbers(quantity_of(actual, q), quantity_of(expected, q), exercise.tolerance)
        for q in quantities or exercise.quantities
    )


def agrees_nearby(exercise, actual, expected):
    """agrees, for two graphs worked out again away from the case (the closed-form check): each number
    within NEARBY_TOLERANCE of the largest of its quantity. There the two graphs meet rounding they were
    not written for (a shift frozen at the case, a weight all but 0 or 1), and a right answer may differ
    in its last digits; a number worked out elsewhere misses by the size of the move, far more."""
    tolerance = max(exercise.tolerance, NEARBY_TOLERANCE)
    for quantity in exercise.quantities:
        mine, wanted = leaves(quantity_of(actual, quantity)), leaves(quantity_of(expected, quantity))
        if len(mine) != len(wanted):
            return False
        finite = [abs(w) for w in wanted if math.isfinite(w)]
        scale = max(finite, default=0.0)
        for a, e in zip(mine, wanted):
            if not math.isfinite(e) or not math.isfinite(a):
                if not close(a, e, tolerance):
                    return False
            elif abs(a - e) > tolerance * max(abs(e), scale):
                return False
    return True


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
