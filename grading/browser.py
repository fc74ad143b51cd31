"""The entry points the browser's Python worker calls: strings in, JSON strings out."""

import json

from engine import Value, dismantle
from grading.explore import compute_explore
from grading.exercise import Exercise
from grading.grader import judge, learner_request, prepare
from grading.learner_side import run_learner, watch_audit_hooks
from grading.graph_view import graphs_json
from grading.runner import run_program


def run_json(source):
    """Run a learner's program (the Run button)."""
    return json.dumps(run_program(source))


# The Check button, in three steps across two workers: the judge's worker (which never runs learner
# code) prepares the cases, the learner's worker runs the learner's function on them and sends back
# plain data, and the judge's worker gives the verdict on that data.

def prepare_json(exercise_json, source, starter):
    """In the judge's worker: {"verdict"} when the code cannot be run at all (it does not parse, it is the
    starter), else {"prepared": JSON text the judge reads back, "request", "cases"} for the learner's worker."""
    exercise = Exercise.from_dict(json.loads(exercise_json))
    early, cases = prepare(exercise, source, starter)
    if early:
        return json.dumps({"verdict": early})
    return json.dumps({"prepared": json.dumps(cases), "request": learner_request(exercise),
                       "cases": [case for case, _ in cases]})


def learn_json(request, source, cases_json):
    """In the learner's worker: the learner's side of a Check, as JSON text the page passes on unread
    (it may hold NaN, which JavaScript's JSON cannot). interrupted: the code stopped on KeyboardInterrupt,
    which is the page's Stop when the page pressed it; clean: false when the worker must be replaced."""
    watch_audit_hooks()
    try:
        reply = run_learner(json.loads(request), source, json.loads(cases_json))
    except KeyboardInterrupt:  # Stop pressed while the grader's own code was running
        return json.dumps({"interrupted": True, "clean": True, "reply": "{}"})
    return json.dumps({"interrupted": stopped_by_keyboard_interrupt(reply), "clean": reply.get("clean", False),
                       "reply": json.dumps(reply)})


def stopped_by_keyboard_interrupt(reply):
    rejected = reply.get("rejected") or {}
    errors = [(rejected.get("error") or {})] + [run.get("detail") for run in reply.get("runs", ())
                                                 if run.get("problem") == "raised"]
    return any(isinstance(error, dict) and error.get("type") == "KeyboardInterrupt" for error in errors)


def judge_json(exercise_json, source, prepared, reply):
    """In the judge's worker: the verdict on the learner's worker's reply."""
    exercise = Exercise.from_dict(json.loads(exercise_json))
    cases = [(case, drawn) for case, drawn in json.loads(prepared)]
    try:
        learned = json.loads(reply)
    except ValueError:
        learned = {"failed": "unreadable"}
    return json.dumps(judge(exercise, source, cases, learned))


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
