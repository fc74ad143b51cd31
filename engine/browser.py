"""The entry points the browser's Python worker calls: strings in, JSON strings out."""

import json

from engine.grader import grade_submission
from engine.runner import run_program
from engine.stacks import gradient_curve, run_stack


def run_json(source):
    """Run a learner's program (the Run button)."""
    return json.dumps(run_program(source))


def check_json(exercise, source, starter):
    """Grade a learner's program (the Check button)."""
    try:
        return json.dumps(grade_submission(exercise, source, starter))
    except KeyboardInterrupt:  # Stop pressed, or the time limit: not a verdict
        return json.dumps({"interrupted": True})


def explore_json(name, rate, max_depth):
    """The numbers for an Explore chart."""
    if name != "gradient-vs-depth":
        raise ValueError(f"unknown explore {name!r}")
    return json.dumps(gradient_curve(rate, max_depth))


def warm_up(rounds=30):
    """Run the engine's hot paths a while, so that WebAssembly has optimised them before the first Check."""
    for depth in range(rounds):
        run_stack.__wrapped__(40, 0.1 + depth / 1000, residual=depth % 2 == 0)
        run_program("def f(x):\n    return x + 1\nf(1)\n")
