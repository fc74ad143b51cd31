"""The entry points the browser's Python worker calls: strings in, JSON strings out."""

import json

from engine import Value, dismantle
from grading.explore import compute_explore
from grading.grader import grade_submission
from grading.graph_view import graphs_json
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


def explore_json(explore_json_text, controls_json, exercise_json=None, source=None):
    """The numbers of an Explore chart for the controls' values; with an exercise and the learner's
    code, the learner's own series too."""
    explore = json.loads(explore_json_text)
    # isinstance, not `is not None`: Pyodide passes JavaScript's null in as JsNull.
    learner = (json.loads(exercise_json), source) if isinstance(source, str) and isinstance(exercise_json, str) else None
    try:
        return json.dumps(compute_explore(explore["code"], explore["controls"], json.loads(controls_json), learner))
    except KeyboardInterrupt:
        return json.dumps({"interrupted": True})


def graph_json(exercise_json, source, case_index):
    """The learner's graph, and the reference's beside a wrong one ("Show your graph")."""
    try:
        return json.dumps(graphs_json(json.loads(exercise_json), source, case_index))
    except KeyboardInterrupt:
        return json.dumps({"interrupted": True})


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
