"""Grading a learner's submission against an exercise: run it and the reference on every case,
compare the numbers, and name the mistake they show. Returns a JSON-able verdict."""
import inspect
import io
from collections import OrderedDict, namedtuple

from grading.compare import agrees, close
from grading.exercise import Exercise, all_cases
from grading.measure import BrokenGraph, ForgedNode, measure
from grading.messages import explain, table
from grading.sandbox import (GraderImport, Rejected, compile_program, fresh_namespace, grader_import_message,
                             is_unchanged, learner_code, learner_error, printed_text, printing_to, run_program,
                             stopped_from_outside, take_apart, take_apart_frames)
from engine.value import Value

# One case's result. output: a float, or a list of floats for a list of Values; grads: {input: float or list}; fed: gradients at the
# supplied calls that feed the output. problem names what went wrong instead, with its detail.
Run = namedtuple("Run", "output grads fed problem detail", defaults=((), {}, (), None, None))
# passed: the numbers agree with the reference's, and they come through the supplied calls as its do.
Outcome = namedtuple("Outcome", "case drawn expected actual agree passed")

# Reference and mistake runs of written cases never change: keep them, a bounded number.
REFERENCE_RUNS = OrderedDict()
REFERENCE_RUNS_KEPT = 2048


def grade_submission(exercise, source, starter=None, rng=None):
    """Grade source for exercise (an Exercise or its dict) and return a dict of plain JSON values."""
    exercise = exercise if isinstance(exercise, Exercise) else Exercise.from_dict(exercise)
    output = io.StringIO()  # written in C, so patched builtins cannot break it mid-run
    namespace = fresh_namespace()
    try:
        code = compile_program(source)
        if is_unchanged(source, starter):
            raise Rejected("unchanged_starter", exercise.starter_message or UNCHANGED_STARTER)
        run_program(code, namespace, source, output)
        function = find_function(exercise, namespace)
        cases = all_cases(exercise, rng)
        outcomes = [judge_case(exercise, function, namespace, case, drawn, source, output) for case, drawn in cases]
    except Rejected as rejected:
        return verdict(exercise, rejected.diagnosis, rejected.message, rejected.error, output=printed_text(output))
    finally:
        take_apart(namespace.values())
        namespace.clear()
    diagnosis, about, mistake = diagnose(exercise, outcomes)
    message = explain(exercise, diagnosis, about or outcomes[0], mistake, len(outcomes), source, run_reference)
    error = about.actual.detail if about and about.actual.problem == "raised" else None
    return verdict(exercise, diagnosis, message, error, table(exercise, failing_first(outcomes, about)),
                   printed_text(output))


UNCHANGED_STARTER = ("You have not changed the starter code yet, so there is nothing new to check. Fill in "
                     "the blank it marks, then check again.")


def verdict(exercise, diagnosis, message, error=None, cases=None, output=""):
    """The JSON-able verdict that the page reads."""
    columns, rows = cases or ([], [])
    return {"exercise": exercise.id, "passed": diagnosis == "correct", "diagnosis": diagnosis,
            "message": message, "error": error, "columns": columns, "cases": rows, "output": output}


def find_function(exercise, namespace):
    """Return the learner's function, or raise Rejected if it cannot be called as the grader calls it."""
    name = exercise.function
    function = namespace.get(name)
    if not callable(function):
        raise Rejected("missing_function", missing_message(name, namespace, function))
    try:
        signature = inspect.signature(function)
    except Exception:  # not every callable has a signature Python can read: just call it
        return function
    try:
        signature.bind(*exercise.arguments)
    except TypeError:
        call = f"{name}({', '.join(exercise.arguments)})"
        raise Rejected("bad_signature", f"{name}{signature} cannot be called as {call}, which is how the "
                                        f"grader calls it. Give it {len(exercise.arguments)} parameter(s), in that "
                                        "order, as the starter code does.") from None
    return function


def missing_message(name, namespace, found):
    """Explain that the function is missing or not a function, naming the functions there are."""
    if found is None:
        message = f"There is no function called {name} in your code, so there was nothing to check."
    else:
        message = f"{name} in your code is a {type(found).__name__}, not a function."
    defined = [n for n, obj in namespace.items() if inspect.isfunction(obj)]
    if defined:
        message += f" Your code defines {', '.join(defined)}."
    return message + f" Keep the line def {name}(…): from the starter code and fill in its blank."


def judge_case(exercise, function, namespace, case, drawn, source, output):
    """Run the learner's function and the reference on one case and compare them."""
    expected = run_reference(exercise, exercise.solution, case, cache=not drawn)
    actual = run_case(exercise, function, namespace, case, source, output)
    if not actual.problem and not expected.problem and isinstance(actual.output, list) != isinstance(expected.output, list):
        actual = Run(problem="not_a_value", detail=describe_shape(actual.output, expected.output))
    agree = actual.problem is None and agrees(exercise, actual, expected)
    return Outcome(case, drawn, expected, actual, agree, agree and fed_like_the_reference(exercise, actual, expected))


def run_reference(exercise, source, case, cache=True):
    """The run of a program of the exercise's own (the solution, a mistake) on one case."""
    key = (source, exercise.supply, exercise.feeds, repr(sorted(case.items())))
    if cache and key in REFERENCE_RUNS:
        REFERENCE_RUNS.move_to_end(key)
        return REFERENCE_RUNS[key]
    namespace = program_namespace(source)
    run = run_case(exercise, namespace[exercise.function], namespace, case, source, io.StringIO(), trusted=True)
    if cache:
        REFERENCE_RUNS[key] = run
        if len(REFERENCE_RUNS) > REFERENCE_RUNS_KEPT:
            REFERENCE_RUNS.popitem(last=False)
    return run


PROGRAMS = {}  # source → the namespace it defined: an exercise's own programs run once per worker


def program_namespace(source):
    """The globals of one of the exercise's own programs, run the first time it is needed."""
    if source not in PROGRAMS:
        namespace = fresh_namespace("__reference__")
        with printing_to(io.StringIO()):  # what it prints is nobody's business
            exec(compile_once(source), namespace)
        # Its own top-level graphs (a demo, say) are taken apart now: only its functions are used.
        take_apart([value for value in namespace.values() if not callable(value)])
        PROGRAMS[source] = namespace
    return PROGRAMS[source]


def run_case(exercise, function, namespace, case, source, output, trusted=False):
    """Call function on fresh inputs for case, with the supplied functions in its namespace; measure it.
    Learner code has its patches undone afterwards; the exercise's own (trusted) code need not."""
    calls = []
    namespace.update(supplies(exercise, case, calls))
    inputs = {name: fresh_input(case[name]) for name in exercise.values}
    arguments = [inputs.get(name, case.get(name)) for name in exercise.arguments]
    patched = []
    returned = None
    try:
        with printing_to(output) if trusted else learner_code(output, patched):
            returned = function(*arguments)
    except GraderImport as exc:
        return Run(problem="imports_grader", detail=grader_import_message(exc))
    except BaseException as exc:
        if stopped_from_outside(exc):
            raise
        take_apart_frames(exc.__traceback__)
        return Run(problem="raised", detail=learner_error(exc))
    try:
        outputs = returned_values(returned)
        if outputs is None:
            return Run(problem="not_a_value", detail=describe_returned(returned))
        output_data, grads, fed = measure(outputs, inputs, calls)
        return Run(output_data if isinstance(returned, (list, tuple)) else output_data[0], grads, fed)
    except BrokenGraph as broken:
        return Run(problem="broken_graph", detail=str(broken))
    except ForgedNode as forged:
        detail = str(forged)
        if patched:
            detail += f"; your code changed {', '.join(sorted(set(patched)))}, which the grader does not use"
        return Run(problem="forged_node", detail=detail)
    finally:
        take_apart([returned, *inputs.values(), *calls])


def supplies(exercise, case, calls):
    """The functions the exercise gives the learner's code on this case; results of those that must
    feed the output are noted in calls."""
    if not exercise.supply:
        return {}
    namespace = {"__name__": "__supply__", "Value": Value, **case}
    exec(compile_once(exercise.supply, "<supply>"), namespace)
    given = {name: obj for name, obj in namespace.items()
             if inspect.isfunction(obj) and obj.__module__ == "__supply__" and not name.startswith("_")}
    for name in exercise.feeds:
        given[name] = recorded(given[name], calls)
    return given


COMPILED = {}


def compile_once(source, name="<exercise>"):
    """The exercise's own programs (solution, mistakes, supply) are compiled once per worker."""
    if source not in COMPILED:
        COMPILED[source] = compile(source, name, "exec")
    return COMPILED[source]


def recorded(function, calls):
    """function, noting every Value it returns in calls."""
    def call(*args, **kwargs):
        result = function(*args, **kwargs)
        calls.extend(item for item in (result if isinstance(result, list) else [result]) if isinstance(item, Value))
        return result

    call.__name__ = function.__name__
    call.__doc__ = function.__doc__
    return call


def fresh_input(data):
    """A case's number as a Value, or a list of numbers as a list of Values."""
    if isinstance(data, list):
        return [Value(float(item)) for item in data]
    return Value(float(data))


def returned_values(returned):
    """The returned Value or list of Values as a list, or None if it is neither."""
    if isinstance(returned, Value):
        return [returned]
    if isinstance(returned, (list, tuple)) and returned and all(isinstance(item, Value) for item in returned):
        return list(returned)
    return None


def describe_shape(actual, expected):
    """What came back, when a list came back for a Value or the other way round."""
    return f"a list of {len(actual)} Values" if isinstance(actual, list) else "a single Value"


def describe_returned(returned):
    """Name what came back instead of a Value, for a message."""
    if returned is None:
        return "None"
    if type(returned) is float:
        return f"a plain float ({returned!r})"
    if isinstance(returned, (list, tuple)):
        return f"a {type(returned).__name__} that is not all Values"
    return f"a {type(returned).__name__}"


def diagnose(exercise, outcomes):
    """Return (diagnosis, the outcome the message is about or None, the Mistake recognised or None)."""
    failing = [o for o in outcomes if not o.passed]
    if not failing:
        return "correct", None, None
    if all(o.agree for o in failing):
        return "bypasses", failing[0], None
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
    """A right answer gets its numbers through the supplied functions as the reference does: as many
    of their calls feed the result, and the same gradients reach them."""
    fed, wanted = actual.fed, expected.fed
    return len(fed) == len(wanted) and all(close(a, e, exercise.tolerance) for a, e in zip(fed, wanted))


def recognised_mistake(exercise, outcomes, first_failing):
    """The first mistake whose numbers match the learner's on every case. The first failing case
    is compared first, so that a mistake that does not fit costs one run."""
    ordered = [first_failing, *(o for o in outcomes if o is not first_failing)]
    for mistake in exercise.mistakes:
        if all(agrees(exercise, o.actual, run_reference(exercise, mistake.source, o.case, cache=not o.drawn))
               for o in ordered):
            return mistake
    return None


def failing_first(outcomes, about):
    """Order outcomes: the one the message is about, the other failures, then the passes."""
    others = [o for o in outcomes if o is not about]
    return ([about] if about else []) + [o for o in others if not o.passed] + [o for o in others if o.passed]
