"""Every part of an exercise run through the real grader at build time: the solution passes, the
starter and every mistake fail and are recognised as themselves, mistakes can be told apart, and
no message hands over the fix's code."""
import json
import random
import signal
import threading
from contextlib import contextmanager

from grading.compare import agrees
from grading.exercise import BadCases, all_cases
from grading.grader import grade_submission, run_reference
from grading.messages import MessageFieldError
from grading.sandbox import StoppedFromOutside
from gradlab.problems import LessonProblem

SEEDS = range(3)  # the generator's cases are drawn with each of these seeds


class GradingTimedOut(StoppedFromOutside):
    """Raised inside an exercise's code that runs past its time limit (so that the grader lets it
    through rather than take it for the program's own error)."""


# An exercise checked once is not checked again while nothing of it has changed: the live preview
# rebuilds a lesson at every save of its prose, and a course may hold copies of one exercise.
CHECKED = {}


def check_exercise(path, block):
    """Every problem of one exercise, each at the line of the part it is about."""
    key = (json.dumps(block["grading"].to_dict(), sort_keys=True), block["starter"], block["time_limit"],
           repr(block["lines"]))
    if key not in CHECKED:
        CHECKED[key] = [(problem.line, problem.message) for problem in exercise_problems(path, block)]
    return [LessonProblem(path, line, message) for line, message in CHECKED[key]]


def exercise_problems(path, block):
    """Every problem of one exercise, found by running each of its parts through the grader."""
    exercise, lines = block["grading"], block["lines"]
    problem = lambda line, message: LessonProblem(path, line, message)  # noqa: E731
    try:
        drawn = [all_cases(exercise, random.Random(seed)) for seed in SEEDS]
    except BadCases as error:
        return [problem(lines["generate"], f"the exercise's cases cannot be used: {error}")]
    except Exception as error:  # the instructor's generator: whatever it raises, they read it
        return [problem(lines["generate"], f"the '--- generate' part raised {type(error).__name__}: {error}")]
    missing = [name for name in exercise.feeds if f"def {name}(" not in exercise.supply]
    if missing:
        return [problem(lines["supply"], f"'feeds: {', '.join(missing)}' names functions that the '--- supply' part "
                                         "does not define")]
    problems = []
    for seed in SEEDS:
        verdict = grade(block, block["solution"], seed=seed)
        if not verdict["passed"]:
            problems.append(problem(lines["solution"], f"the solution does not pass its own cases: the grader says "
                                                       f"{' '.join(verdict['message'].split())}"))
            return problems  # nothing else can be judged against a reference that fails
    starter = grade(block, block["starter"])
    if starter["passed"]:
        problems.append(problem(lines["starter"], "the starter already passes: leave a blank for the learner to fill"))
    problems += check_mistakes(block, problem)
    problems += check_indistinguishable(exercise, drawn[0], lines, problem)
    problems += check_messages_keep_the_fix(block, problem)
    return problems


def check_mistakes(block, problem):
    """Each mistake fails, and is recognised as itself with its own message."""
    exercise, lines = block["grading"], block["lines"]
    problems = []
    for mistake, line in zip(exercise.mistakes, lines["mistakes"]):
        verdict = grade(block, mistake.source)
        if verdict["passed"]:
            problems.append(problem(line, f"the mistake '{mistake.name}' passes every case: either it is not a "
                                          "mistake, or the cases cannot show it; add a case where it goes wrong"))
        elif verdict["diagnosis"] == "bad_message":
            problems.append(problem(lines["messages"].get(mistake.name) or line, verdict["message"]))
        elif verdict["diagnosis"] != mistake.name:
            problems.append(problem(line, f"the mistake '{mistake.name}' is not recognised as itself: the grader "
                                          f"calls it '{verdict['diagnosis']}' and says: {verdict['message']}"))
    return problems


def check_indistinguishable(exercise, cases, lines, problem):
    """Two mistakes whose numbers agree on every case cannot be told apart by the grader."""
    runs = [[run_reference(exercise, m.source, case, cache=not drawn) for case, drawn in cases]
            for m in exercise.mistakes]
    problems = []
    for later in range(len(runs)):
        for earlier in range(later):
            if all(agrees(exercise, a, b) for a, b in zip(runs[later], runs[earlier])):
                first, second = exercise.mistakes[earlier], exercise.mistakes[later]
                problems.append(problem(lines["mistakes"][later], f"the mistakes '{second.name}' and '{first.name}' "
                                        f"(line {lines['mistakes'][earlier]}) give the same numbers on every case, "
                                        "so the grader cannot tell them apart: add a case where they differ, or "
                                        "keep one"))
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
                problems.append(problem(line or lines["solution"], f"the message of '{name}' gives away the "
                                        f"solution's line {fix!r}: say what the numbers show and point at the "
                                        "idea; the hints are where code is handed out"))
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
        return {"passed": False, "diagnosis": "timed_out",
                "message": f"it ran past the exercise's time_limit of {block['time_limit']:g} s."}
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
