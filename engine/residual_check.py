"""The residual_stack exercise: run the learner's stack on fresh Values, read mistakes off the numbers."""
import inspect
import io
import math
from collections import namedtuple

from engine.checking import (
    BrokenGraph,
    Rejected,
    compile_program,
    fresh_namespace,
    is_unchanged,
    learner_code,
    learner_error,
    measure,
    printed_text,
    result,
    run_program,
    take_apart,
    take_apart_frames,
)
from engine.residual_messages import UNCHANGED_MESSAGE, explain, short
from engine.residual_reference import LESSON_RATE, MISTAKES, reference
from engine.value import Value

EXERCISE = "residual_stack"

Case = namedtuple("Case", "depth input rate shown")
CASES = (
    Case(20, 1.0, LESSON_RATE, True),  # the lab's own run, shown on the page
    Case(1, 1.0, LESSON_RATE, False),
    Case(3, 2.5, LESSON_RATE, False),
    Case(7, -1.5, LESSON_RATE, False),  # relu stays closed: the input passes straight through
    Case(13, 1.0, LESSON_RATE, False),  # a depth the lesson never mentions
    Case(40, 1.0, LESSON_RATE, False),
    Case(20, 0.0, LESSON_RATE, False),
    Case(7, 2.5, 0.3, False),  # the grader's own layer at other rates, so numbers cannot be typed in
    Case(20, 1.0, 0.3, False),
    Case(3, -1.5, -0.9, False),
    Case(13, 2.5, -0.9, False),
)

# expected and actual are (output, d output / d input) pairs; problem names why actual is missing.
Outcome = namedtuple("Outcome", "case expected actual problem detail passed")


def check_residual_stack(source, starter=None):
    """Grade one submission of the residual_stack exercise."""
    output = io.StringIO()  # written in C, so patched builtins cannot break it mid-run
    namespace = fresh_namespace()
    try:
        code = compile_program(source)
        if is_unchanged(source, starter):
            raise Rejected("unchanged_starter", UNCHANGED_MESSAGE)
        run_program(code, namespace, source, output)
        stack = find_stack(namespace)
        outcomes = [run_case(stack, namespace, case, source, output) for case in CASES]
    except Rejected as rejected:
        return result(
            EXERCISE, rejected.diagnosis, rejected.message, rejected.error, output=printed_text(output)
        )
    finally:
        take_apart(namespace.values())
    diagnosis, label, about = diagnose(outcomes)
    message = explain(diagnosis, label, about or outcomes[0], source, len(CASES))
    error = about.detail if diagnosis == "raised" else None
    cases = [case_row(outcome) for outcome in failing_first(outcomes, about)]
    return result(EXERCISE, diagnosis, message, error, cases, printed_text(output))


def find_stack(namespace):
    """Return the learner's residual_stack, or raise Rejected if it cannot be called with (x, depth)."""
    stack = namespace.get("residual_stack")
    if not callable(stack):
        raise Rejected("missing_function", missing_message(namespace, stack))
    try:
        signature = inspect.signature(stack)
    except Exception:  # not every callable has a signature Python can read: just call it
        return stack
    try:
        signature.bind(None, 20)
    except TypeError:
        raise Rejected(
            "bad_signature",
            f"residual_stack{signature} cannot be called as residual_stack(x, depth), which is how "
            "the grader calls it. Give it two parameters, as in def residual_stack(x, depth=20):.",
        ) from None
    return stack


def missing_message(namespace, stack):
    """Explain that residual_stack is missing or not a function, naming the functions there are."""
    if stack is None:
        message = (
            "There is no function called residual_stack in your code, so there was nothing to check."
        )
    else:
        message = f"residual_stack in your code is a {type(stack).__name__}, not a function."
    defined = [name for name, obj in namespace.items() if inspect.isfunction(obj)]
    if defined:
        message += f" Your code defines {', '.join(defined)}."
    return message + (
        " Keep the line def residual_stack(x, depth=20): from the lab and fill in its blank."
    )


def run_case(stack, namespace, case, source, output):
    """Call the learner's stack on a fresh Value, with the grader's layer at the case's rate."""
    namespace["layer"] = lesson_layer(case.rate)
    x = Value(case.input)
    expected = reference(case.input, case.depth, case.rate)
    try:
        with learner_code(output):
            returned = stack(x, case.depth)  # positionally, so a renamed depth parameter works
    except (Exception, SystemExit) as exc:  # KeyboardInterrupt is how the page stops code
        take_apart_frames(exc.__traceback__)
        return outcome(case, expected, problem="raised", detail=learner_error(exc, source))
    try:
        if not isinstance(returned, Value):
            return outcome(case, expected, problem="not_a_value", detail=describe_returned(returned))
        return outcome(case, expected, actual=measure(returned, x))
    except BrokenGraph as broken:
        return outcome(case, expected, problem="broken_graph", detail=str(broken))
    finally:
        take_apart([returned])


def lesson_layer(rate):
    """Return the lab's layer, relu(rate * x), to put in the learner's namespace."""
    def layer(x):
        return (x * rate).relu()

    return layer


def outcome(case, expected, actual=None, problem=None, detail=None):
    """Record one case's result, and whether it passed."""
    passed = problem is None and matches(actual, expected)
    return Outcome(case, expected, actual, problem, detail, passed)


def describe_returned(returned):
    """Name what came back instead of a Value, for a message."""
    if returned is None:
        return "None"
    if type(returned) is float:
        return f"a plain float ({short(returned)})"
    return f"a {type(returned).__name__}"


def close(actual, expected):
    """Compare within a relative 1e-9, or an absolute 1e-12 when expecting exactly zero."""
    if expected == 0:
        return abs(actual) <= 1e-12
    return math.isclose(actual, expected, rel_tol=1e-9)


def matches(actual, expected):
    """Tell whether an (output, gradient) pair agrees with the expected one."""
    return close(actual[0], expected[0]) and close(actual[1], expected[1])


def diagnose(outcomes):
    """Return (diagnosis, label, the outcome the message is about) for one run of every case."""
    failing = [o for o in outcomes if not o.passed]
    if not failing:
        return "correct", "", None
    problems = [o for o in failing if o.problem]
    if problems:
        return problems[0].problem, "", problems[0]
    if all(o.passed for o in outcomes if o.case.rate == LESSON_RATE):
        return "hard_coded", "", failing[0]
    for diagnosis, label, stack in MISTAKES:
        if reproduces(stack, outcomes):
            return diagnosis, label, failing[0]
    if all(close(o.actual[0], o.expected[0]) for o in outcomes):
        return "no_gradient", "", failing[0]
    return "wrong", "", failing[0]


def reproduces(stack, outcomes):
    """Tell whether a stack formula reproduces every case, with the grader's layer or the lesson's."""
    def fits(rate_of):
        return all(
            matches(o.actual, stack(o.case.input, o.case.depth, rate_of(o.case))) for o in outcomes
        )

    return fits(lambda case: case.rate) or fits(lambda case: LESSON_RATE)


def failing_first(outcomes, about):
    """Order outcomes: the one the message is about, the other failures, then the passes."""
    others = [o for o in outcomes if o is not about]
    failing = [o for o in others if not o.passed]
    return ([about] if about else []) + failing + [o for o in others if o.passed]


def case_row(outcome):
    """One case as plain JSON values, non-finite numbers as None."""
    case, actual = outcome.case, outcome.actual or (None, None)
    return {
        "depth": case.depth,
        "input": case.input,
        "rate": case.rate,
        "shown": case.shown,
        "expected_output": outcome.expected[0],
        "actual_output": finite_or_none(actual[0]),
        "expected_gradient": outcome.expected[1],
        "actual_gradient": finite_or_none(actual[1]),
        "passed": outcome.passed,
    }


def finite_or_none(number):
    """Return number if it is a finite float, else None (JSON has no nan or infinity)."""
    return number if number is not None and math.isfinite(number) else None
