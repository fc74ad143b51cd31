"""Checks on one converted lesson beyond its syntax: its file name, its sections, and each exercise
run through the real grader (the reference solution must pass its check, the starter must not)."""

import re
import signal
import threading
from contextlib import contextmanager

from engine.grader import CHECKS, grade_submission
from gradlab.lesson_format import LESSON_ID, SECTION_ORDER, did_you_mean
from gradlab.problems import LessonProblem

SECTIONS_IN_ORDER = ", ".join(SECTION_ORDER)


class GradingTimedOut(BaseException):
    """Raised inside an exercise's code that runs past its time limit (a BaseException, like Ctrl+C,
    so that the grader does not take it for the program's own error)."""


# Raw HTML that would run code: a script element (our data blocks excepted), an on… handler, a javascript: URL.
RUNNABLE_HTML = re.compile(r"<script\b(?![^>]*type=\"application/json\")|\son[a-z]+\s*=|javascript:", re.IGNORECASE)


def check_lesson(lesson):
    """Every problem of these kinds in one lesson."""
    return [*check_file_name(lesson), *check_sections(lesson), *check_exercise_names(lesson), *check_scripts(lesson),
            *(problem for exercise in lesson.exercises for problem in check_exercise(lesson.path, exercise))]


def check_scripts(lesson):
    """Lesson pages run no code of the lesson's own unless its front matter says 'scripts: allowed'."""
    if lesson.meta.get("scripts") == "allowed" or not RUNNABLE_HTML.search(lesson.html):
        return []
    lines = lesson.path.read_text(encoding="utf-8").splitlines()
    line = next((number for number, text in enumerate(lines, start=1) if RUNNABLE_HTML.search(text)), lesson.body_line)
    return [LessonProblem(lesson.path, line, "the lesson's HTML would run a script (a <script>, an on… attribute or a "
                                             "javascript: link): remove it, or add 'scripts: allowed' to the front "
                                             "matter if the lesson really needs one")]


def check_file_name(lesson):
    """The file is named after the lesson's id, so that its web address says which lesson it is."""
    if not lesson.id or not LESSON_ID.fullmatch(lesson.id) or lesson.slug.startswith(f"{lesson.id}-"):
        return []
    words = re.sub(r"^[\d.]+-", "", lesson.path.name)
    return [LessonProblem(lesson.path, lesson.meta_lines["id"], f"the file name should start with the id: "
                                                                f"rename {lesson.path.name} to {lesson.id}-{words}")]


def check_sections(lesson):
    """The five sections, each once and in order; a problem stands at the heading it is about."""
    problems, seen, furthest = [], {}, None
    for line, title in lesson.sections:
        if title not in SECTION_ORDER:
            problems.append((line, f"'## {title}' is not a section{did_you_mean(title, SECTION_ORDER)}: the sections "
                                   f"are {SECTIONS_IN_ORDER}; headings inside a section start with ###"))
        elif title in seen:
            problems.append((line, f"'## {title}' appears twice (first on line {seen[title]}): keep one"))
        else:
            seen[title] = line
            if furthest and SECTION_ORDER.index(title) < SECTION_ORDER.index(furthest[1]):
                problems.append((line, f"'## {title}' comes after '## {furthest[1]}' (line {furthest[0]}): "
                                       f"the sections go {SECTIONS_IN_ORDER}"))
            else:
                furthest = (line, title)
    if not seen:
        problems.append((lesson.body_line, f"the lesson has no sections: add '## ' headings for {SECTIONS_IN_ORDER}"))
    else:
        problems += missing_sections(seen)
    return [LessonProblem(lesson.path, line, message) for line, message in problems]


def missing_sections(seen):
    """(line, message) for the sections not in seen, at the section they should come before (or after)."""
    places = {}
    for index, title in enumerate(SECTION_ORDER):
        if title not in seen:
            following = [seen[t] for t in SECTION_ORDER[index + 1:] if t in seen]
            place = (following[0], "before") if following else (max(seen.values()), "after")
            places.setdefault(place, []).append(f"'## {title}'")
    return [(line, f"the section {titles[0]} is missing: add it {where} this one" if len(titles) == 1 else
             f"the sections {', '.join(titles)} are missing: add them {where} this one, in this order")
            for (line, where), titles in places.items()]


def check_exercise_names(lesson):
    """An exercise's name identifies it in the page and in saved progress, so it is unique per lesson."""
    problems, seen = [], {}
    for exercise in lesson.exercises:
        if exercise["id"] in seen:
            problems.append(LessonProblem(lesson.path, exercise["line"],
                                          f"another exercise is named '{exercise['id']}' (line {seen[exercise['id']]}): "
                                          "give each exercise its own name"))
        seen.setdefault(exercise["id"], exercise["line"])
    return problems


def check_exercise(path, exercise):
    """The reference solution passes the exercise's check and the starter does not."""
    check, lines = exercise["check"], exercise["lines"]
    if check not in CHECKS:
        return [LessonProblem(path, lines["check"], f"unknown check '{check}'{did_you_mean(check, CHECKS)}: the grader "
                                                    f"(engine/grader.py) knows {', '.join(sorted(CHECKS))}; "
                                                    "name one with 'check: …'")]
    problems = []
    # Graded as a fresh program: the grader's "you have not changed the starter" verdict is for learners.
    solution = grade(exercise, exercise["solution"], None)
    if not solution["passed"]:
        problems.append(LessonProblem(path, lines["solution"], f"the solution does not pass its check '{check}', "
                                                               f"which says: {' '.join(solution['message'].split())}"))
    if grade(exercise, exercise["starter"], None)["passed"]:
        problems.append(LessonProblem(path, lines["starter"], f"the starter already passes its check '{check}': "
                                                              "leave a blank for the learner to fill"))
    return problems


def grade(exercise, source, starter):
    """The grader's verdict on source, failing if it runs past the exercise's time limit."""
    try:
        with time_limit(exercise["time_limit"]):
            return grade_submission(exercise["check"], source, starter)
    except GradingTimedOut:
        return {"passed": False, "message": f"it ran past the exercise's time_limit of {exercise['time_limit']:g} s."}


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
