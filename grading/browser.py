"""The entry points the browser's Python worker calls: strings in, JSON strings out."""

import json

from engine import Value, dismantle
from grading.explore import compute_explore
from grading.grader import grade_submission
from grading.runner import run_program


def run_json(source):
    """Run a learner's program (the Run button)."""
    return json.dumps(run_program(source))


def check_json(exercise_json, source, starter):
    """Grade a learner's program (the Check button) against the exercise given as JSON."""
    try:
        return json.dumps(grade_submission(json.loads(exercise_json), source, starter))
    except KeyboardInterrupt:  # Stop pressed, or the time limit: not a verdict
        return json.dumps({"interrupted": True})


def explore_json(explore_json_text, controls_json):
    """The numbers of an Explore chart for the controls' values."""
    explore = json.loads(explore_json_text)
    return json.dumps(compute_explore(explore["code"], explore["controls"], json.loads(controls_json)))


def warm_up(rounds=30):
    """Run the engine's hot paths a while, so that WebAssembly has optimised them before the first Check."""
    for round_ in range(rounds):
        x = Value(1.0 + round_ / 100)
        out = x
        for _ in range(40):
            out = out + (out * 0.1).relu()
        out.backward()
        dismantle(out)
        run_program("def f(x):\n    return x + 1\nf(1)\n")
