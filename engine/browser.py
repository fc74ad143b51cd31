"""The entry points the browser's Python worker calls: strings in, JSON strings out."""

import json

from engine.grader import grade_submission
from engine.runner import run_program
from engine.stacks import gradient_curve


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
