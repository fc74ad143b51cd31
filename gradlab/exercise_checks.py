"""Every part of an exercise run through the real grader at build time: the solution passes, the
starter and every mistake fail and are recognised as themselves, mistakes can be told apart, and
no message hands over the fix's code."""

import ast
import hashlib
import io
import json
import random
import signal
import threading
import traceback
from contextlib import contextmanager

from grading import supplied_calls
from grading.compare import agrees, close, failure_of, quantity_of
from grading.exercise import BadCases, all_cases, call_arguments, draw_cases
from grading.grader import fresh_input, grade_submission, program_namespace, run_reference, supplies
from grading.learner_side import graphs_given
from grading.messages import MessageFieldError, describe_case
from grading.sandbox import StoppedFromOutside, printing_to
from grading.shapes import is_numeric
from gradlab.problems import LessonProblem

SEEDS = range(3)  # the generator's cases are drawn with each of these seeds, and graded
# Beyond those, the check draws many cases from one fixed seed (so that a failure can be reproduced)
# and runs the solution and every mistake on each: a learner's Check may draw any of them.
MANY_SEED = 29
MANY_CASES = 300


class GradingTimedOut(StoppedFromOutside):
    """Raised inside an exercise's code that runs past its time limit (so that the grader lets it
    through rather than take it for the program's own error)."""


# An exercise checked once is not checked again while nothing of it has changed: the live preview
# rebuilds a lesson at every save of its prose, and a course may hold copies of one exercise. Keyed by a
# digest of the whole exercise, so that the build can keep them on disk small (gradlab/lesson_cache.py).
CHECKED = {}


def check_exercise(path, block):
    """(every problem of one exercise, each at the line of the part it is about; whether its solution
    can be trusted, so that what is judged against it, an explore's yours(), may be)."""
    whole = (
        json.dumps(block["grading"].to_dict(), sort_keys=True),
        block["starter"],
        repr(block["time_limit"]),
        repr(block["lines"]),
        repr(block.get("expectations", ())),
    )
    key = hashlib.sha256("\0".join(whole).encode()).hexdigest()
    if key not in CHECKED:
        problems, trusted = exercise_problems(path, block)
        CHECKED[key] = ([(problem.line, problem.message) for problem in problems], trusted)
    found, trusted = CHECKED[key]
    return [LessonProblem(path, line, message) for line, message in found], trusted


def exercise_problems(path, block):
    """(every problem of one exercise, found by running each of its parts through the grader; whether the
    solution held). The solution is the truth everything is compared with, so the problems found in
    it, or in the cases it is run on, are reported alone: the others would only follow from them."""
    exercise, lines = block["grading"], block["lines"]
    problem = lambda line, message: LessonProblem(path, line, message)  # noqa: E731
    try:
        drawn = [all_cases(exercise, random.Random(seed)) for seed in SEEDS]
    except BadCases as error:
        return [problem(lines["generate"], f"the exercise's cases cannot be used: {error}")], False
    except Exception as error:  # the instructor's generator: whatever it raises, they read it
        return [problem(lines["generate"], f"the '--- generate' part raised {type(error).__name__}: {error}")], False
    missing = [name for name in exercise.feeds if f"def {name}(" not in exercise.supply]
    if missing:
        return [
            problem(
                lines["supply"],
                f"'feeds: {', '.join(missing)}' names functions that the '--- supply' part does not define",
            )
        ], False
    seeded = [(case, drawn_case, seed) for seed, cases in zip(SEEDS, drawn) for case, drawn_case in cases]
    root = case_problems(exercise, seeded, lines, problem)
    root = root or solution_problems(block, seeded, problem, calls_repeat=True)
    root = root or expectation_problems(block, problem)
    if root:
        return root, False
    try:
        many = many_cases(exercise)
    except Exception as error:  # the instructor's generator: whatever it raises, they read it
        return [
            problem(
                lines["generate"],
                f"the '--- generate' part raised {type(error).__name__}: {error} "
                f"(drawing with random.Random({MANY_SEED}))",
            )
        ], False
    root = case_problems(exercise, many, lines, problem) or solution_problems(block, many, problem)
    if root:
        return root, False
    for seed in SEEDS:
        verdict = grade(block, block["solution"], seed=seed)
        if not verdict["passed"]:
            return [
                problem(
                    lines["solution"],
                    f"the solution does not pass its own cases: the grader says {' '.join(verdict['message'].split())}",
                )
            ], False
    problems = []
    starter = grade(block, block["starter"])
    if starter["passed"]:
        problems.append(problem(lines["starter"], "the starter already passes: leave a blank for the learner to fill"))
    problems += check_mistakes(block, problem)
    problems += mistakes_on_many_cases(block, many, problem)
    problems += check_indistinguishable(exercise, drawn[0], lines, problem)
    problems += check_messages_keep_the_fix(block, problem)
    return problems, True


def many_cases(exercise):
    """Up to MANY_CASES different cases drawn by the generator from random.Random(MANY_SEED), each as
    (case, drawn, seed)."""
    if not exercise.generate:
        return []
    rng, seen, cases = random.Random(MANY_SEED), set(), []
    for _ in range(MANY_CASES):
        for case in draw_cases(exercise, rng):
            key = repr(sorted(case.items()))
            if key not in seen and len(cases) < MANY_CASES:
                seen.add(key)
                cases.append((case, True, MANY_SEED))
        if len(cases) >= MANY_CASES:
            break
    return cases


def where_drawn(drawn, seed):
    """How the instructor can find a case again."""
    return f", a case drawn by '--- generate' with random.Random({seed})" if drawn else ""


def supplied_names(exercise):
    """The functions that '--- supply' defines at its top level."""
    try:
        tree = ast.parse(exercise.supply)
    except SyntaxError:
        return set()
    return {node.name for node in tree.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}


def case_problems(exercise, cases, lines, problem):
    """A Value column holds numbers; a column passed to the function that holds a name names a function
    of '--- supply'. A column the call does not pass is for '--- supply' alone, and may hold any word."""
    names = supplied_names(exercise)
    for case, drawn, seed in cases:
        line = lines["generate"] if drawn else lines["cases"]
        for name, value in case.items():
            numeric = is_numeric(value)
            if name in exercise.values and not numeric:
                return [
                    problem(
                        line,
                        f"the column {name} arrives as a Value, so it holds a number, a list of "
                        f"numbers or a list of such lists; the case {case}{where_drawn(drawn, seed)} has {value!r} (name the "
                        "columns that arrive as Values with 'values:', such as 'values: x')",
                    )
                ]
            if isinstance(value, str) and name in exercise.arguments and value not in names:
                return [
                    problem(
                        line,
                        f"the case {case}{where_drawn(drawn, seed)} names {value!r} for {name}, but "
                        f"'--- supply' defines {', '.join(sorted(names)) or 'no function'}: a column "
                        "names a function of '--- supply', which the grader passes in its place",
                    )
                ]
            if not numeric and not isinstance(value, str):
                return [
                    problem(
                        line,
                        f"the case {case}{where_drawn(drawn, seed)} gives {name} the value {value!r}: "
                        "a case holds numbers, lists (of lists) of numbers, or names of functions of "
                        "'--- supply'",
                    )
                ]
    return []


def solution_problems(block, cases, problem, calls_repeat=False):
    """The solution must give finite numbers on every case: nothing could be judged against it otherwise.
    calls_repeat: and each call it makes of a function under feeds: must give the same numbers again."""
    exercise, lines = block["grading"], block["lines"]
    for case, drawn, seed in cases:
        try:
            with time_limit(block["time_limit"]):
                run = run_reference(exercise, exercise.solution, case, cache=not drawn)
        except GradingTimedOut:
            failure = f"ran past the exercise's time_limit of {block['time_limit']:g} s"
        except Exception as error:  # the program itself, run once to define the function, raised
            return [
                problem(
                    lines["solution"] + program_line(error),
                    f"the solution's program raised {type(error).__name__}: {error}, before any case could be tried",
                )
            ]
        else:
            failure = failure_of(run)
            unrepeated = (
                calls_repeat
                and not failure
                and run.graph
                and supplied_calls.unrepeatable(exercise.supply, exercise.feeds, case, run.graph)
            )
            if unrepeated:
                return [unrepeatable_problem(lines, exercise, case, *unrepeated, problem)]
        if failure:
            drawn_as = f" ({case}{where_drawn(drawn, seed)})" if drawn else ""
            return [
                problem(
                    lines["solution"],
                    f"the solution {failure} for {describe_case(exercise, case)}"
                    f"{drawn_as}: the solution is the truth every answer is compared "
                    "with, so it must give finite numbers on every case the exercise "
                    "can draw",
                )
            ]
    return []


def unrepeatable_problem(lines, exercise, case, name, gave, again, problem):
    return problem(
        lines["supply"],
        f"the function {name} (under feeds:) gave {gave!r} in the solution's run for {describe_case(exercise, case)}, but "
        f"{again!r} when the grader made that call again on the same numbers: the grader makes every call of a "
        "function under feeds: again itself, so such a function must depend only on its arguments and the "
        "case's columns, never on what earlier calls left behind",
    )


def expectation_problems(block, problem):
    """A written case that carries its expected numbers: the solution, rounded as they are written, gives them."""
    exercise = block["grading"]
    problems = []
    for expectation in block.get("expectations", ()):
        case = exercise.cases[expectation["case"]]
        run = run_reference(exercise, exercise.solution, case)
        for quantity, (wanted, half) in expectation["wanted"].items():
            got = quantity_of(run, quantity)
            if not written_match(got, wanted, half, exercise.tolerance):
                problems.append(
                    problem(
                        expectation["line"],
                        f"the solution gives {quantity} {got!r} for "
                        f"{describe_case(exercise, case)}, where this row expects {wanted!r}: "
                        "the solution is the truth every answer is compared with, so one of the "
                        "two is wrong",
                    )
                )
    return problems


def written_match(got, wanted, half, tolerance):
    """got, rounded to the digits wanted is written with (half a unit of its last digit), is wanted."""
    if isinstance(wanted, list) or isinstance(got, list):
        return (
            isinstance(wanted, list)
            and isinstance(got, list)
            and isinstance(half, list)
            and len(got) == len(wanted) == len(half)
            and all(written_match(g, w, h, tolerance) for g, w, h in zip(got, wanted, half))
        )
    if not isinstance(wanted, (int, float)) or isinstance(wanted, bool):
        return False
    return abs(got - wanted) <= half * (1 + 1e-9) or close(got, wanted, tolerance)


def mistakes_on_many_cases(block, many, problem):
    """A mistake that raises on a case the learner's Check may draw would, on that case, tell a learner
    who made it that their code raised instead of what the mistake's message says. (Only whether it
    raises is asked: its numbers are compared on the graded cases, and measuring them all costs seconds.)"""
    exercise, lines = block["grading"], block["lines"]
    problems = []
    for mistake, line in zip(exercise.mistakes, lines["mistakes"]):
        for case, drawn, seed in many:
            failure = raised_by(exercise, mistake.source, case, block["time_limit"])
            if failure:
                problems.append(
                    problem(
                        line,
                        f"the mistake '{mistake.name}' {failure} for "
                        f"{describe_case(exercise, case)} ({case}{where_drawn(drawn, seed)}), "
                        "so a learner who makes it would not read its message there: change "
                        "the generator, or the mistake",
                    )
                )
                break
    return problems


def program_line(error):
    """The line, counted within the program's part, where one of the exercise's own programs raised."""
    frames = [frame for frame in traceback.extract_tb(error.__traceback__) if frame.filename == "<exercise>"]
    return frames[-1].lineno if frames else 0


def raised_by(exercise, source, case, seconds):
    """What one of the exercise's own programs raised when called on case, in a phrase; None if nothing."""
    try:
        namespace = program_namespace(source)
    except Exception as error:
        return f"raised {type(error).__name__}: {error} as its program ran"
    supplied = supplies(exercise, case, [])
    namespace.update(supplied)
    inputs = {name: fresh_input(case[name]) for name in exercise.values}
    # What it returns is simply dropped: the check runs in CPython, which frees even a deep graph of
    # Values without recursing (dismantling each one, as the page must, costs most of the time here).
    try:
        with time_limit(seconds), printing_to(io.StringIO()):
            arguments = call_arguments(exercise.arguments, case, inputs, supplied)
            if exercise.writes_grads:  # given the graphs '--- supply' builds, as the grader gives them
                arguments, _ = graphs_given(arguments, inputs)
            namespace[exercise.function](*arguments)
    except GradingTimedOut:
        return f"ran past the exercise's time_limit of {seconds:g} s"
    except Exception as error:
        return f"raised {type(error).__name__}: {error}"
    return None


def check_mistakes(block, problem):
    """Each mistake fails, and is recognised as itself with its own message."""
    exercise, lines = block["grading"], block["lines"]
    problems = []
    for mistake, line in zip(exercise.mistakes, lines["mistakes"]):
        verdict = grade(block, mistake.source)
        if verdict["passed"]:
            problems.append(
                problem(
                    line,
                    f"the solution (line {lines['solution']}) and the mistake '{mistake.name}' "
                    "give the same numbers on every case: if the solution is wrong, fix it "
                    "(it is the truth every answer is compared with); if the mistake is not "
                    "a mistake, remove it; else add a case where the two differ",
                )
            )
        elif verdict["diagnosis"] == "bad_message":
            problems.append(problem(lines["messages"].get(mistake.name) or line, verdict["message"]))
        elif verdict["diagnosis"] != mistake.name:
            problems.append(
                problem(
                    line,
                    f"the mistake '{mistake.name}' is not recognised as itself: the grader "
                    f"calls it '{verdict['diagnosis']}' and says: {verdict['message']}",
                )
            )
    return problems


def check_indistinguishable(exercise, cases, lines, problem):
    """Two mistakes whose numbers agree on every case cannot be told apart by the grader."""
    runs = [
        [run_reference(exercise, m.source, case, cache=not drawn) for case, drawn in cases] for m in exercise.mistakes
    ]
    problems = []
    for later in range(len(runs)):
        for earlier in range(later):
            if all(agrees(exercise, a, b) for a, b in zip(runs[later], runs[earlier])):
                first, second = exercise.mistakes[earlier], exercise.mistakes[later]
                problems.append(
                    problem(
                        lines["mistakes"][later],
                        f"the mistakes '{second.name}' and '{first.name}' "
                        f"(line {lines['mistakes'][earlier]}) give the same numbers on every case, "
                        "so the grader cannot tell them apart: add a case where they differ, or "
                        "keep one",
                    )
                )
    return problems


def check_messages_keep_the_fix(block, problem):
    """A message says what the numbers show; the code of the fix is what hints ration out."""
    exercise, lines = block["grading"], block["lines"]
    changed = changed_lines(block["starter"], block["solution"])
    messages = [(m.name, m.message, lines["messages"].get(m.name)) for m in exercise.mistakes]
    messages.append(("starter", exercise.starter_message, lines["messages"].get("starter")))
    problems = []
    for name, message, line in messages:
        squeezed = "".join(message.split())
        for fix in changed:
            if fix in squeezed:
                problems.append(
                    problem(
                        line or lines["solution"],
                        f"the message of '{name}' gives away the "
                        f"solution's line {fix!r}: say what the numbers show and point at the "
                        "idea; the hints are where code is handed out",
                    )
                )
    return problems


def changed_lines(starter, solution):
    """The solution's lines that the starter does not have, without spaces or comments."""

    def code(text):
        return {"".join(line.split("#")[0].split()) for line in text.splitlines()} - {""}

    return sorted(code(solution) - code(starter))


def grade(block, source, seed=0):
    """The grader's verdict on source, failing if it runs past the exercise's time limit."""
    try:
        with time_limit(block["time_limit"]):
            return grade_submission(block["grading"], source, None, random.Random(seed))
    except GradingTimedOut:
        return {
            "passed": False,
            "diagnosis": "timed_out",
            "message": f"it ran past the exercise's time_limit of {block['time_limit']:g} s.",
        }
    except MessageFieldError as error:
        return {"passed": False, "diagnosis": "bad_message", "message": str(error)}


@contextmanager
def time_limit(seconds):
    """Interrupt the code inside after seconds; only the main thread can take signals, so elsewhere no limit."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum, frame):
        raise GradingTimedOut()

    previous = signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
