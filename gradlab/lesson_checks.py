"""Checks on one converted lesson beyond its syntax: its file name, its sections, and each exercise
run through the real grader (the reference solution must pass its check, the starter must not)."""

import functools
import json
import math
import re

from grading.explore import compute_explore
from gradlab.exercise_checks import check_exercise
from gradlab.lesson_format import LESSON_ID
from gradlab.problems import LessonProblem

# Raw HTML that would run code: a script element (our data blocks excepted), an on… handler, a javascript: URL.
RUNNABLE_HTML = re.compile(r"<script\b(?![^>]*type=\"application/json\")|\son[a-z]+\s*=|javascript:", re.IGNORECASE)


def check_lesson(lesson):
    """Every problem of these kinds in one lesson."""
    checked = [check_exercise(lesson.path, exercise) for exercise in lesson.exercises]
    trusted = {exercise["id"] for exercise, (_, ok) in zip(lesson.exercises, checked) if ok}
    return [*check_file_name(lesson), *check_exercise_names(lesson), *check_scripts(lesson),
            *check_yours(lesson, trusted), *(problem for problems, _ in checked for problem in problems)]


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


def check_yours(lesson, trusted):
    """An explore that draws the learner's curve names an exercise of the lesson and a series of its own,
    and the reference solution, drawn that way, gives that very series. An exercise that has problems of
    its own (trusted lacks it) is left out: what yours() does with its solution would only follow from them."""
    problems = []
    exercises = {exercise["id"]: exercise for exercise in lesson.exercises}
    for explore in lesson.explores:
        yours = explore["yours"]
        if not yours:
            continue
        exercise = exercises.get(yours["exercise"])
        series = [s["name"] for s in explore["series"]]
        if exercise is None and has_exercise_block(lesson, yours["exercise"]):
            continue  # its block could not be read: that problem is reported at its line
        if exercise is None or yours["over"] not in series:
            problems.append(LessonProblem(lesson.path, explore["line"], f"'yours {yours['exercise']}: {yours['over']}' "
                                          f"names an exercise of this lesson ({', '.join(exercises) or 'none'}) and one "
                                          f"of the explore's series ({', '.join(series)})"))
            continue
        if exercise["id"] not in trusted:
            continue
        line, message = yours_problem(explore["code"], json.dumps(explore["controls"]), yours["over"],
                                      json.dumps(exercise["grading"].to_dict()), exercise["solution"])
        if message:
            where = exercise["lines"]["solution"] if line == "solution" else explore["line"]
            problems.append(LessonProblem(lesson.path, where, message))
    return problems


def has_exercise_block(lesson, name):
    """Whether the lesson's file opens an exercise block of that name (readable or not)."""
    fence = re.compile(rf"^```\s*exercise\s+{re.escape(name)}\s*$", re.MULTILINE)
    return bool(fence.search(lesson.path.read_text(encoding="utf-8")))


@functools.lru_cache(maxsize=256)  # the same explore and exercise are checked once (live preview, copies)
def yours_problem(code, controls, over, exercise, solution):
    """(where, what) is wrong with an explore's yours(), drawn from the exercise's solution, where is
    "solution" when the solution itself failed on a case yours() ran; (None, None) if nothing."""
    failures = []
    try:
        data = compute_explore(code, json.loads(controls), {}, (json.loads(exercise), solution, failures))
    except Exception as error:  # the instructor's code: whatever it raises, they read it
        data, raised = None, f"yours() raised {type(error).__name__}: {error}"
    if failures:  # the root problem: the solution fails on a case the explore runs
        case, failure = failures[0]
        return "solution", (f"the solution {failure} for {case}, a case that the explore's yours() runs at its "
                            "default controls: the solution is the truth every answer is compared with, so it must "
                            "give finite numbers there too")
    if data is None:
        return "explore", raised
    drawn, expected = data["series"]["yours"], data["series"][over]
    if not all(a == b or (a is not None and b is not None and math.isclose(a, b, rel_tol=1e-9))
               for a, b in zip(drawn, expected)):
        return "explore", (f"yours(), run on the exercise's solution, does not give the series '{over}': check "
                           "what it measures")
    return None, None


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
