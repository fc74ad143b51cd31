"""The entry points the browser's Python worker calls: strings in, JSON strings out."""

import functools
import gc
import json
import random
import signal

from engine import Value, dismantle
from grading.exercise import Exercise, all_cases
from grading.explore import compute_explore
from grading.grader import Judging, early_verdict, expect, judge, learner_request
from grading.graph_view import graphs_json, reference_beside
from grading.learner_side import run_learner, watch_audit_hooks
from grading.run_text import read_run, run_text
from grading.runner import run_program
from grading.sandbox import STOP, STOP_HEARD_AFTER, learner_error, stopped_from_outside

INTERRUPTED = json.dumps({"interrupted": True})


def listen_for_stop(signal_again):
    """Make the page's Stop (Pyodide's interrupt buffer, read as SIGINT) raise a KeyboardInterrupt known
    to be the page's, so that one the learner's code raises itself is reported like any other error.
    signal_again() sets the buffer again, for Python to read at a later check."""

    def stop_pressed(signum, frame):
        # Raised in the grader's own putting back, or while a graph is being freed (where it could only be
        # printed and lost), it would leave a job half done: signalled again, it is read at a later check,
        # once that code has returned.
        while frame is not None and frame.f_code not in STOP_HEARD_AFTER:
            frame = frame.f_back
        if frame is not None:
            signal_again()
            return
        STOP["pressed"] = True
        raise KeyboardInterrupt

    signal.signal(signal.SIGINT, stop_pressed)


def answer(work, what_came_back):
    """JSON of work(); {"interrupted": true} if Stop ended it; what_came_back(error) if the learner's
    code raised something past the grader that is not an Exception (its own BaseException, say)."""
    STOP["pressed"] = False
    try:
        return json.dumps(work())
    except BaseException as error:
        if stopped_from_outside(error):
            return INTERRUPTED
        if isinstance(error, Exception):
            raise
        return json.dumps(what_came_back(learner_error(error)))


def raised_past_the_grader(error):
    """A sentence about an exception that is not an Exception, which learner code raised out of reach of the checks."""
    line = f" on line {error['line']}" if error["line"] else ""
    return (
        f"Your code raised {error['type']}{line} ({error['message']}), which is not an Exception, so the "
        "check could not go on. Raise an ordinary exception, or none, then check again."
    )


def run_json(source):
    """Run a learner's program (the Run button)."""
    return answer(lambda: run_program(source), lambda error: {"ok": False, "error": error})


# The Check button, in steps across two workers: the judge's worker (which never runs learner code)
# draws the cases ahead of the Check, the learner's worker runs the learner's function on them and sends
# back plain data, and the judge's worker gives the verdict on that data.


@functools.lru_cache(maxsize=8)  # the page's few exercises, asked of again at every Check
def exercise_of(exercise_json):
    return Exercise.from_dict(json.loads(exercise_json))


def prepare_json(exercise_json):
    """In the judge's worker, before a Check: its cases, drawn afresh, as {"prepared": JSON text the judge
    reads back, "request", "cases"} for the learner's worker. Nothing in them depends on the code, so the
    page has them drawn while the learner writes or reads the last verdict; what the reference gives on
    them (grading.grader.Expectation) is worked out now too, and kept here for the Check."""
    exercise = exercise_of(exercise_json)
    draws = random.Random(SEED)
    cases = all_cases(exercise, draws)
    if exercise_json not in REHEARSED:
        REHEARSED.add(exercise_json)
        rehearse(exercise, cases)
    prepared = json.dumps(cases)
    try:
        AHEAD[exercise_json] = (prepared, expect(exercise, cases, draws))
    except Exception:  # noqa: BLE001 - only time is lost: the Check works them out again, and says what is wrong
        AHEAD.pop(exercise_json, None)
    return json.dumps(
        {"prepared": prepared, "request": learner_request(exercise), "cases": [case for case, _ in cases]}
    )


# The seed of the next Check's draws (its cases, and the moves away from them): None, fresh from the system
# at each draw (a seeded generator kept here would be kept in the snapshot, the same for every learner);
# tests set one to draw the same cases at every run.
SEED = None
REHEARSED = set()  # the exercises whose Check this interpreter has rehearsed
AHEAD = {}  # exercise JSON → (its last prepared cases, their Expectations): a Check's judging takes them


def rehearse(exercise, cases):
    """A whole Check of the reference solution, its learner's side too, here in the judge's interpreter
    (which runs no learner code; the reference is its own): the reference's runs on the written cases
    are kept from then on (grading.grader.run_reference), and every step of judging has run once, as the
    learner writes, rather than in their first Check, which is then as quick as the next."""
    try:
        reply = run_learner(learner_request(exercise), exercise.solution, [case for case, _ in cases])
        judge(exercise, exercise.solution, cases, json.loads(json.dumps(reply)))
    except Exception:  # noqa: BLE001 - a rehearsal only saves time; the Check itself says what is wrong
        pass


def learn_json(request, source, cases_json, hand_on=None):
    """In the learner's worker: the learner's side of a Check, as JSON text the page passes on unread
    (it may hold NaN, which JavaScript's JSON cannot). interrupted: the code stopped on KeyboardInterrupt,
    only when the page pressed Stop; clean: false when the worker must be replaced. hand_on: where each
    case's run goes, as JSON text, as soon as it is made (the Check's channel to the judge's worker); the
    reply then only counts them."""
    watch_audit_hooks()
    handing_on = None if hand_on is None else lambda run: hand_on(run_text(run))

    def learned():
        reply = run_learner(json.loads(request), source, json.loads(cases_json), handing_on)
        return {"clean": reply.get("clean", False), "reply": json.dumps(reply)}

    # A KeyboardInterrupt the learner's code raises itself is one of its runs' errors, judged as such;
    # only the page's Stop (or a time limit) gets past the learner's side, as {"interrupted": true}.
    def past_the_grader(error):
        rejected = {"diagnosis": "raised", "message": raised_past_the_grader(error), "error": error}
        return {"clean": False, "reply": json.dumps({"rejected": rejected, "output": ""})}

    return answer(learned, past_the_grader)


def begin_judging(exercise_json, source, starter, prepared):
    """In the judge's worker, as a Check begins (its learner's side running meanwhile): its CheckJudging,
    which judges each case's run as it comes and then gives the verdict."""
    exercise = exercise_of(exercise_json)
    cases = [(case, drawn) for case, drawn in json.loads(prepared)]
    ahead, expectations = AHEAD.pop(exercise_json, (None, None))
    judging = Judging(exercise, source, cases, expectations=expectations if ahead == prepared else None)
    return CheckJudging(judging, early_verdict(exercise, source, starter))


class CheckJudging:
    """A Check's judging, in JSON text: take_json(run) for each case's run, in order, as the learner's
    worker hands it on (grading.run_text); verdict_json(reply) on the rest of its reply. Code that cannot
    be checked at all (it does not parse, it is the starter) has its verdict already (early), whatever comes."""

    def __init__(self, judging, early):
        self.judging, self.early = judging, early

    def take_json(self, run):
        if self.early:
            return
        try:
            shipped = read_run(run)
        except ValueError:
            shipped = None  # judged as what could not be read
        self.judging.take(shipped)

    def verdict_json(self, reply):
        if self.early:
            return json.dumps(self.early)
        try:
            learned = json.loads(reply)
        except ValueError:
            learned = {"failed": "unreadable"}
        return json.dumps(self.judging.verdict(learned))


def explore_json(explore_json_text, controls_json, exercise_json=None, source=None):
    """The numbers of an Explore chart for the controls' values; with an exercise and the learner's
    code, the learner's own series too."""
    explore = json.loads(explore_json_text)
    # isinstance, not `is not None`: Pyodide passes JavaScript's null in as JsNull.
    learner = (
        (json.loads(exercise_json), source) if isinstance(source, str) and isinstance(exercise_json, str) else None
    )
    return answer(
        lambda: compute_explore(explore["code"], explore["controls"], json.loads(controls_json), learner),
        lambda error: {"problem": raised_past_the_grader(error)},
    )


def graph_json(exercise_json, source, case_index):
    """Show your graph, in the learner's worker: the learner's graph on one case."""
    return answer(
        lambda: graphs_json(json.loads(exercise_json), source, case_index),
        lambda error: {"yours": {"problem": raised_past_the_grader(error)}, "block": ""},
    )


def reference_graph_json(exercise_json, case_index, yours_json):
    """Show your graph, in the judge's worker: the reference's graph beside the learner's (yours_json, as
    the learner's worker sent it) when their gradients differ, or null."""
    try:
        yours = json.loads(yours_json)
    except ValueError:
        yours = None  # drawn beside what could not be read
    return json.dumps({"reference": reference_beside(json.loads(exercise_json), case_index, yours)})


# A Check's learner side on a function of our own, shaped like the course's: vectors in and out, a
# supplied function that feeds the output, every operation of the engine, a few hundred nodes a case. The
# grader's first runs import and compile what they need, and WebAssembly optimises the paths a Check
# takes (running the code, shipping its graphs), here rather than in the learner's first Checks.
WARM_UP_CHECK = (
    json.dumps(
        {
            "function": "f",
            "arguments": ["x"],
            "values": ["x"],
            "supply": "def g(v):\n    return [vi * 2 for vi in v]\n",
            "feeds": ["g"],
        }
    ),
    "def f(x):\n"
    "    h = g(x)\n"
    "    for _ in range(6):\n"
    "        h = [a + (b * 0.5).relu() + (a * b * 0.1).exp() * 0.01 - b / 4 for a, b in zip(h, h[1:] + h[:1])]\n"
    "    total = sum(h)\n"
    "    return [(total * total + 1).log(), total ** 2 / 10]\n",
    json.dumps([{"x": [0.5, -0.25, 0.125, 0.75]}, {"x": [-1.5, 0.5, 1.0, -0.5, 0.25]}]),
)


def warm_up(rounds=30, checks=8, hand_on=None):
    """Run the engine's hot paths, and a Check's, a while, so that WebAssembly has optimised them before
    the learner's first Check (hand_on: where the Check's runs go, the worker's own as in a Check, so
    that the way out to JavaScript is optimised too). Then what the interpreter holds is set apart from
    the garbage collector's counts (gc.freeze), since none of it is garbage: the first Check's collection
    no longer looks through all of it (about 10 ms of a first Check in Chromium). True if Stop ended it:
    the warm-up runs ahead of every request, so a Stop that lands in it was pressed for the request
    waiting behind it, which the worker then ends as stopped."""
    STOP["pressed"] = False
    try:
        for _ in range(checks):
            if learn_json(*WARM_UP_CHECK, hand_on=hand_on or (lambda run: None)) == INTERRUPTED:
                return True
        for round_ in range(rounds):
            x = Value(1.0 + round_ / 100)
            out = x
            for _ in range(40):
                out = out + (out * 0.1).relu()
            out.backward()
            dismantle(out)
            if run_program("def f(x):\n    return x + 1\nf(1)\n").get("interrupted"):
                return True
        gc.collect()
        gc.freeze()
    except KeyboardInterrupt as error:
        if stopped_from_outside(error):
            return True
        raise
    return False
