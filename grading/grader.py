"""Grading a learner's submission against an exercise. The learner's code runs in an interpreter of its
own (grading.learner_side; in CPython a separate process, in the page a worker of its own) and sends
back only plain data: the graph its function built on each case. Here, in the judge's interpreter, the
cases are drawn, the reference and the mistakes run, every shipped graph is checked node by node and
carried back by the judge's own backward pass, and the mistake the numbers show is named.
Returns a JSON-able verdict."""

import functools
import io
import json
import random
from collections import namedtuple

from grading import learner_side, supplied_calls
from grading.compare import agrees, agrees_nearby, close, failure_of, rounding_beside, same_numbers
from grading.exercise import Exercise, all_cases, call_arguments
from grading.judge import NUMBER_SET, Run, evaluated_at, verified
from grading.messages import explain, table_columns, table_row
from grading.sandbox import Rejected, compile_program, fresh_namespace, is_unchanged, printing_to, take_apart

# passed: the numbers agree with the reference's, they come through the supplied calls as its do, and
# the graph computes them (worked out again near the case, it still agrees). nudged: Nudge, when it did not.
Outcome = namedtuple("Outcome", "case drawn expected actual agree passed nudged", defaults=(None,))
# The inputs moved slightly (case), what the learner's graph gives there (yours, None when it has no
# value there) and what the reference gives (expected).
Nudge = namedtuple("Nudge", "case yours expected")
# What a case asks of an answer, known before the answer is: the reference's run (expected), and the
# inputs moved slightly with what the reference's graph gives there (plan: a Nudge with yours None, or
# None where there is nothing to move). Nothing in it depends on the learner's code, so the page has it
# worked out, with the cases, while the learner writes (grading.browser.prepare_json).
Expectation = namedtuple("Expectation", "expected plan")

REFERENCE_RUNS_KEPT = 2048  # reference and mistake runs of written cases never change: this many are kept
PROGRAMS_KEPT = 256  # an exercise's own programs (solution, mistakes), run and compiled once each
NUDGE = 1e-2  # how far an input is moved, relative to its size, to see that the graph computes the function
FAILURE_DIAGNOSES = {
    "syntax_error",
    "unchanged_starter",
    "raised",
    "imports_grader",
    "missing_function",
    "bad_signature",
    "changes_python",
    "bypasses",
    "crashed",
}


def grade_submission(exercise, source, starter=None, rng=None):
    """Grade source for exercise (an Exercise or its dict) and return a dict of plain JSON values."""
    exercise = Exercise.of(exercise)
    early, cases = prepare(exercise, source, starter, rng)
    if early:
        return early
    from grading.learner_host import PROCESS

    reply = PROCESS.run(learner_request(exercise), source, [case for case, _ in cases])
    return judge(exercise, source, cases, reply, rng)


def prepare(exercise, source, starter=None, rng=None):
    """(a verdict already, or None; the cases as (case, drawn)): what can be told without running
    the learner's code is told here."""
    early = early_verdict(exercise, source, starter)
    return (early, []) if early else (None, all_cases(exercise, rng))


def early_verdict(exercise, source, starter=None):
    """The verdict on code that cannot be checked at all (it does not parse, it is the starter), or None."""
    try:
        compile_program(source)
        if is_unchanged(source, starter):
            raise Rejected("unchanged_starter", exercise.starter_message or UNCHANGED_STARTER)
    except Rejected as rejected:
        return verdict(exercise, rejected.diagnosis, rejected.message, rejected.error)
    return None


def learner_request(exercise):
    """What the learner's side is told of the exercise: how to call the function, and the supplied
    functions; never the solution nor the mistakes."""
    return {
        "function": exercise.function,
        "arguments": list(exercise.arguments),
        "values": list(exercise.values),
        "supply": exercise.supply,
        "feeds": list(exercise.feeds),
        "builds_nodes": exercise.builds_nodes,
        "writes_grads": exercise.writes_grads,
    }


def judge(exercise, source, cases, reply, rng=None, expectations=None):
    """The verdict on the learner's side's whole reply for cases ((case, drawn) pairs), in the judge's
    interpreter; expectations: the cases' Expectations, worked out ahead (else here, with rng)."""
    judging = Judging(exercise, source, cases, rng, expectations)
    runs = reply.get("runs") if isinstance(reply, dict) and "failed" not in reply and "rejected" not in reply else None
    if isinstance(runs, list):
        for shipped in runs:
            judging.take(shipped)
        reply = {**reply, "runs": len(runs)}
    return judging.verdict(reply)


class Judging:
    """One Check's judging, a case at a time: take() judges each run the learner's side ships, in the
    cases' order, and verdict() gives the verdict on the rest of its reply. In the page the runs come
    one by one over the Check's channel, each judged while the learner's worker runs the next case."""

    def __init__(self, exercise, source, cases, rng=None, expectations=None):
        self.exercise, self.source, self.cases = exercise, source, cases
        self.rng = rng or random.Random()
        self.expectations = expectations
        self.outcomes = []
        self.rows = {}  # id of an outcome → its row of the feedback table
        self.overflowed = False  # more runs came than there are cases

    def take(self, shipped):
        """Judge the next case's shipped run."""
        index = len(self.outcomes)
        if index >= len(self.cases):
            self.overflowed = True
            return
        case, drawn = self.cases[index]
        expectation = (
            self.expectations[index] if self.expectations else expect(self.exercise, [(case, drawn)], self.rng)[0]
        )
        actual = verified_case(self.exercise, case, shipped)
        outcome = judge_case(self.exercise, case, drawn, actual, expectation)
        self.outcomes.append(outcome)
        self.rows[id(outcome)] = table_row(self.exercise, outcome)

    def verdict(self, reply):
        """The verdict, given the rest of the learner's side's reply: its output, and either how many runs
        it shipped or why there are none (rejected, failed)."""
        exercise, outcomes = self.exercise, self.outcomes
        output = reply.get("output") if isinstance(reply, dict) else None
        output = output if isinstance(output, str) else ""
        if not isinstance(reply, dict) or "failed" in reply:
            return verdict(exercise, "crashed", CRASHED, output=output)
        if "rejected" in reply:
            rejected = reply["rejected"] if isinstance(reply["rejected"], dict) else {}
            diagnosis = rejected.get("diagnosis")
            diagnosis = diagnosis if diagnosis in FAILURE_DIAGNOSES else "crashed"
            message = rejected.get("message") if isinstance(rejected.get("message"), str) else CRASHED
            error = rejected.get("error") if isinstance(rejected.get("error"), dict) else None
            return verdict(exercise, diagnosis, message, error, output=output)
        runs = reply.get("runs")
        if self.overflowed or runs != len(outcomes) or runs != len(self.cases):
            return verdict(exercise, "crashed", CRASHED, output=output)
        diagnosis, about, mistake = diagnose(exercise, outcomes)
        message = explain(exercise, diagnosis, about or outcomes[0], mistake, len(outcomes), self.source, run_reference)
        error = about.actual.detail if diagnosis == "raised" else None
        if isinstance(error, dict):
            error = {key: error.get(key) for key in ("type", "message", "line", "column")}
        rows = [self.rows[id(outcome)] for outcome in failing_first(outcomes, about)]
        return verdict(exercise, diagnosis, message, error, (table_columns(exercise), rows), output)


UNCHANGED_STARTER = (
    "You have not changed the starter code yet, so there is nothing new to check. Fill in "
    "the blank it marks, then check again."
)
CRASHED = (
    "The Python that ran your code stopped before it could answer: your code ended it (os._exit, a "
    "crash inside C, running out of memory) or ran far too long. Nothing could be checked; look for what "
    "might end Python itself, then check again."
)


def verdict(exercise, diagnosis, message, error=None, cases=None, output=""):
    """The JSON-able verdict that the page reads."""
    columns, rows = cases or ([], [])
    return {
        "exercise": exercise.id,
        "passed": diagnosis == "correct",
        "diagnosis": diagnosis,
        "message": message,
        "error": error,
        "columns": columns,
        "cases": rows,
        "output": output,
    }


def expect(exercise, cases, rng):
    """The Expectation of each of cases ((case, drawn) pairs), its inputs moved by rng's draw."""
    expectations = []
    for case, drawn in cases:
        expected = run_reference(exercise, exercise.solution, case, cache=not drawn)
        expectations.append(Expectation(expected, nudge_plan(exercise, expected, case, rng)))
    return expectations


def verified_case(exercise, case, shipped):
    """The Run of the learner's side's shipped graph on case, its supplied calls made again by the judge."""
    supplied = supplied_calls.for_case(exercise.supply, exercise.feeds, case) if exercise.feeds else None
    return verified(shipped, exercise.builds_nodes, exercise.writes_grads, supplied)


def judge_case(exercise, case, drawn, actual, expectation):
    """Compare the learner's run on one case with the reference's."""
    expected = expectation.expected
    if (
        not actual.problem
        and not expected.problem
        and isinstance(actual.output, list) != isinstance(expected.output, list)
    ):
        actual = Run(problem="not_a_value", detail=describe_shape(actual.output, expected.output))
    agree = actual.problem is None and agrees(exercise, actual, expected)
    if not (agree and fed_like_the_reference(exercise, actual, expected)):
        return Outcome(case, drawn, expected, actual, agree, False)
    nudged = computes_the_function(exercise, actual, expectation.plan)
    return Outcome(case, drawn, expected, actual, agree, nudged is None, nudged)


def nudge_plan(exercise, expected, case, rng):
    """The case's inputs moved slightly, by the judge's own draw (which the learner's side never sees), and
    what the reference's graph, worked out again there, gives: a Nudge with yours None. None where nothing
    is to be moved: no graph (hand-made nodes, builds_nodes, have no rule to work them out again by;
    written gradients, writes_grads, come with none), or the function has no value there."""
    if expected.graph is None or exercise.builds_nodes:
        return None
    values = {name: moved(case[name], rng) for name in exercise.values}
    try:
        wanted_output, wanted_grads = evaluated_at(expected.graph, values)
    except Exception:  # the function itself has no value there: nothing to compare
        return None
    wanted = Run(wanted_output if isinstance(expected.output, list) else wanted_output[0], wanted_grads)
    return Nudge({**case, **values}, None, wanted)


def computes_the_function(exercise, actual, plan):
    """None if the learner's graph, worked out again at the plan's moved inputs, agrees there with the
    reference's graph worked out again the same way; else the Nudge. A number worked out elsewhere and
    dressed as a graph agrees only at the case itself."""
    if actual.graph is None or plan is None:
        return None
    values = {name: plan.case[name] for name in exercise.values}
    try:
        output, grads = evaluated_at(actual.graph, values)
    except Exception:  # no value there, where the function has one
        return plan
    yours = Run(output if isinstance(actual.output, list) else output[0], grads)
    return None if agrees_nearby(exercise, yours, plan.expected) else plan._replace(yours=yours)


def moved(value, rng):
    """A case's number (or each number of a list) moved by about NUDGE of its size, either way."""
    if isinstance(value, list):
        return [moved(item, rng) for item in value]
    number = float(value)
    return number + rng.choice((-1, 1)) * rng.uniform(0.5, 1.0) * NUDGE * max(1.0, abs(number))


def run_reference(exercise, source, case, cache=True):
    """The run of a program of the exercise's own (the solution, a mistake) on one case, measured as a
    learner's is: shipped as data, then checked and carried back by the judge."""
    request = learner_request(exercise)
    if cache:  # the request and the case as JSON text: what they are, in a form a cache can key on
        return kept_reference_run(source, json.dumps(request, sort_keys=True), json.dumps(case, sort_keys=True))
    return reference_run(source, request, case)


@functools.lru_cache(maxsize=REFERENCE_RUNS_KEPT)
def kept_reference_run(source, request_json, case_json):
    return reference_run(source, json.loads(request_json), json.loads(case_json))


def reference_run(source, request, case):
    namespace = program_namespace(source)
    return trusted_run(request, namespace[request["function"]], namespace, case)


def trusted_run(request, function, namespace, case):
    """One run of the exercise's own code (trusted: nothing to guard) on case, as the judge reads it."""
    calls = []
    supplied = learner_side.supplies(request, case, calls)
    namespace.update(supplied)
    inputs = {name: learner_side.fresh_input(case[name]) for name in request["values"]}
    arguments = call_arguments(request["arguments"], case, inputs, supplied)
    returned, graphs = None, []
    modes = request.get("builds_nodes", False), request.get("writes_grads", False)
    try:
        if modes[1]:
            arguments, graphs = learner_side.graphs_given(arguments, inputs)
        with printing_to(io.StringIO()):
            returned = function(*arguments)
        if modes[1]:
            return verified(learner_side.ship_written(graphs, inputs), *modes)
        outputs = learner_side.returned_values(returned)
        if outputs is None:
            return Run(problem="not_a_value", detail=learner_side.describe_returned(returned))
        boxed = learner_side.boxes_calls(request)
        shipped = learner_side.ship(outputs, isinstance(returned, (list, tuple)), inputs, calls, True, boxed)
        supplied = supplied_calls.for_case(request["supply"], request["feeds"], case) if calls else None
        return verified(shipped, *modes, supplied)
    except (Exception, SystemExit) as exc:  # a mistake may raise on some case
        return Run(
            problem="raised", detail={"type": type(exc).__name__, "message": str(exc), "line": None, "column": None}
        )
    finally:
        take_apart([returned, *graphs, *inputs.values(), *[result for _, result, _ in calls]])


@functools.lru_cache(maxsize=PROGRAMS_KEPT)
def program_namespace(source):
    """The globals of one of the exercise's own programs, run the first time it is needed."""
    namespace = fresh_namespace("__reference__")
    with printing_to(io.StringIO()):  # what it prints is nobody's business
        exec(compile_once(source), namespace)
    # Its own top-level graphs (a demo, say) are taken apart now: only its functions are used.
    take_apart([value for value in namespace.values() if not callable(value)])
    return namespace


@functools.lru_cache(maxsize=PROGRAMS_KEPT)
def compile_once(source, name="<exercise>"):
    """The exercise's own programs (solution, mistakes, supply) are compiled once per worker."""
    return compile(source, name, "exec")


# For the views that run learner code where it runs (the graph, an explore's "your code"): they give no verdict.
def find_function(exercise, namespace):
    """Return the learner's function, or raise Rejected if it cannot be called as the grader calls it."""
    return learner_side.find_function(learner_request(exercise), namespace)


def run_case(exercise, function, namespace, case, source, output):
    """The learner's function on case, run where the learner's code runs, as the judge would read it."""
    shipped = learner_side.run_case(learner_request(exercise), function, namespace, case, output)
    return verified(shipped, exercise.builds_nodes, exercise.writes_grads)


def supplies(exercise, case, calls):
    """The exercise's supplied functions on case; every Value returned by a call of a feeds function is
    noted in calls."""
    noted = []
    given = learner_side.supplies(learner_request(exercise), case, noted)

    def watched(function):
        def call(*args, **kwargs):
            before = len(noted)
            result = function(*args, **kwargs)
            calls.extend(value for _, value, _ in noted[before:])
            return result

        call.__name__, call.__doc__ = function.__name__, function.__doc__
        return call

    return {name: watched(function) if name in exercise.feeds else function for name, function in given.items()}


fresh_input = learner_side.fresh_input
returned_values = learner_side.returned_values


def describe_shape(actual, expected):
    """What came back, when a list came back for a Value or the other way round."""
    return f"a list of {len(actual)} Values" if isinstance(actual, list) else "a single Value"


def diagnose(exercise, outcomes):
    """Return (diagnosis, the outcome the message is about or None, the Mistake recognised or None)."""
    faulty = next((o for o in outcomes if failure_of(o.expected)), None)
    if faulty:  # the reference cannot judge this case: the lesson is at fault, never the learner
        return "lesson_fault", faulty, None
    failing = [o for o in outcomes if not o.passed]
    if not failing:
        return "correct", None, None
    if all(o.agree for o in failing):
        bypassing = [o for o in failing if o.nudged is None]
        return ("bypasses", bypassing[0], None) if bypassing else ("closed_form", failing[0], None)
    failing = [o for o in failing if not o.agree]
    with_problem = [o for o in failing if o.actual.problem]
    if with_problem:
        return with_problem[0].actual.problem, with_problem[0], None
    mistake = recognised_mistake(exercise, outcomes, failing[0])
    if mistake:
        return mistake.name, failing[0], mistake
    if all(agrees(exercise, o.actual, o.expected, ("output",)) for o in outcomes):
        return "no_gradient", failing[0], None
    return "wrong", failing[0], None


def fed_like_the_reference(exercise, actual, expected):
    """A right answer gets its numbers through the supplied functions as the reference does: as many of
    their calls feed the result, each called on the same numbers, with the same gradient reaching it.
    A construction that wires in calls on numbers of its own choosing cannot match that without
    working out every step, which is the computation itself."""
    fed, wanted = actual.fed, expected.fed
    if len(fed) != len(wanted):
        return False
    # The gradients reaching the calls are compared as one list is (grading.compare.same_numbers): a
    # gradient that cancels to 0 is rounding of either sign beside the largest. Both lists are sorted
    # by gradient, but two calls whose gradients differ by rounding alone may sort either way: each
    # call the reference makes is matched with the first of the learner's still unmatched that agrees.
    rounding = rounding_beside(grad for grad, _ in wanted)
    # The results of one call share its arguments (see grading.judge.read_graph): compared once a pair.
    compared = {}

    def agree(call, wanted_call):
        (grad, arguments), (wanted_grad, wanted_arguments) = call, wanted_call
        if not close(grad, wanted_grad, exercise.tolerance, rounding):
            return False
        pair = (id(arguments), id(wanted_arguments))
        if pair not in compared:
            compared[pair] = same_arguments(arguments, wanted_arguments, exercise.tolerance)
        return compared[pair]

    unmatched = list(fed)
    for wanted_call in wanted:
        match = next((index for index, call in enumerate(unmatched) if agree(call, wanted_call)), None)
        if match is None:
            return False
        del unmatched[match]
    return True


def same_arguments(arguments, wanted, tolerance):
    """The same numbers as a call's arguments (a number, or a list of numbers: a vector), within
    tolerance (a vector's as same_numbers compares lists); an argument that is not numbers never matches."""
    return len(arguments) == len(wanted) and all(same_argument(a, e, tolerance) for a, e in zip(arguments, wanted))


def same_argument(actual, expected, tolerance):
    if not numbers_only(actual):
        return False
    # The very same numbers, the usual case, are told at once, not number by number.
    return actual == expected or (numbers_only(expected) and same_numbers(actual, expected, tolerance))


def numbers_only(value):
    """Whether value is a number, or a (nested) list of numbers only."""
    if type(value) in NUMBER_SET:
        return True
    if not isinstance(value, list):
        return False
    return set(map(type, value)) <= NUMBER_SET or all(numbers_only(item) for item in value)


def recognised_mistake(exercise, outcomes, first_failing):
    """The first mistake whose numbers match the learner's on every case. The first failing case
    is compared first, so that a mistake that does not fit costs one run."""
    ordered = [first_failing, *(o for o in outcomes if o is not first_failing)]
    for mistake in exercise.mistakes:
        if all(
            agrees(exercise, o.actual, run_reference(exercise, mistake.source, o.case, cache=not o.drawn))
            for o in ordered
        ):
            return mistake
    return None


def failing_first(outcomes, about):
    """Order outcomes: the one the message is about, the other failures, then the passes."""
    others = [o for o in outcomes if o is not about]
    return ([about] if about else []) + [o for o in others if not o.passed] + [o for o in others if o.passed]
