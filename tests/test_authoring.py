"""What a lesson's author meets (issue 29): a function as a case's value, the solution run on many drawn
cases, the root problem reported alone, a wrong solution blamed as such, and `build.py new`."""

import random
import shutil
from pathlib import Path

import pytest

import build
from grading.explore import compute_explore
from grading.grader import grade_submission
from gradlab.lesson_format import convert_lesson

FUNCTIONS = Path(__file__).parent / "fixtures" / "lessons" / "functions"
SLOPE_LESSON = FUNCTIONS / "7.1-what-a-derivative-measures.md"
ONE_SIDED = "def slope(f, x, h):\n    return (f(x + h) - f(x)) / h\n"
RESIDUAL = "8.6-residual-connections.md"
SOLUTION_BODY = '''def residual_stack(x, depth=20):
    """Send x through `depth` layers; each one should add its output onto x."""
    for step in range(depth):
        x = x + layer(x)
    return x
'''


@pytest.fixture(scope="module")
def slope_lesson():
    return convert_lesson(SLOPE_LESSON, SLOPE_LESSON.read_text(), build.make_templates())


def check(lessons, monkeypatch, capsys):
    """(exit status, the problems printed) of `build.py check` on a folder of lessons."""
    monkeypatch.chdir(lessons.parent)
    status = build.main(["check", "--lessons", lessons.name])
    return status, [
        line for line in capsys.readouterr().err.splitlines() if ": " in line and "problem" not in line[:12]
    ]


def residual_copy(tmp_path, change):
    """lessons/ with 8.6 alone, its text changed by change(text)."""
    lessons = tmp_path / "lessons"
    lessons.mkdir()
    shutil.copy(build.LESSONS_DIR / "course.toml", lessons)
    text = (build.LESSONS_DIR / RESIDUAL).read_text()
    (lessons / RESIDUAL).write_text(change(text))
    return lessons


def change_solution(text, new_body):
    start = text.index("--- solution")
    at = text.index(SOLUTION_BODY, start)
    return text[:at] + new_body + text[at + len(SOLUTION_BODY) :]


def line_of(path, piece, after=""):
    lines = path.read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if after in line) if after else 0
    return next(i for i, line in enumerate(lines) if i >= start and piece in line) + 1


# 1. A function as a case's value.


def test_a_lesson_whose_function_takes_a_function_passes_the_check_without_a_wrapper():
    result = build.main(["check", "--lessons", str(FUNCTIONS)])
    assert result == 0
    text = SLOPE_LESSON.read_text()
    assert "def slope(f, x, h)" in text and "slope_of_f" not in text and text.count("def cube(") == 1


def test_a_case_passes_the_function_it_names_and_the_table_and_message_show_the_name(slope_lesson):
    exercise = slope_lesson.exercises[0]["grading"]
    assert exercise.cases[0]["f"] == "cube"  # plain data, as the JSON beside the page holds it
    verdict = grade_submission(exercise.to_dict(), ONE_SIDED, rng=random.Random(1))
    assert verdict["diagnosis"] == "one_sided"
    assert verdict["message"].startswith("Your slope of cube at 1 is 3.31, where 3.01 was expected")
    assert [row["cells"]["f"] for row in verdict["cases"][:4]] == ["cube", "cube", "exp_of", "bump"]
    right = grade_submission(exercise.to_dict(), slope_lesson.exercises[0]["solution"], rng=random.Random(2))
    assert right["passed"], right["message"]


def test_feeds_can_name_the_functions_a_case_passes(slope_lesson):
    """A slope built from the learner's own copy of the function, not the one passed, is refused."""
    own_copy = """def slope(f, x, h):
    own = {"cube": lambda v: v ** 3, "exp_of": lambda v: v.exp(), "bump": lambda v: (v * v * -1.0).exp()}[f.__name__]
    return (own(x + h) - own(x - h)) / (2 * h)
"""
    verdict = grade_submission(slope_lesson.exercises[0]["grading"].to_dict(), own_copy, rng=random.Random(1))
    assert verdict["diagnosis"] == "bypasses", verdict["message"]
    assert "cube, exp_of and bump" in verdict["message"] or "cube and exp_of and bump" in verdict["message"]


def test_an_explore_runs_the_learners_function_on_a_case_that_names_a_function(slope_lesson):
    explore, exercise = slope_lesson.explores[0], slope_lesson.exercises[0]["grading"]
    data = compute_explore(explore["code"], explore["controls"], {"step": 0.2}, (exercise.to_dict(), ONE_SIDED))
    assert data["series"]["yours"] == pytest.approx([3.31, 3.64])
    assert data["series"]["central"] == pytest.approx([3.01, 3.04])


# 2. The solution on many drawn cases, and in the page.


def test_a_solution_that_fails_on_a_drawn_case_only_is_refused_with_the_case_and_the_seed(
    tmp_path, monkeypatch, capsys
):
    failing = SOLUTION_BODY.replace(
        "    for step",
        "    if x.data == -1.0 and depth > 25:\n        raise ValueError('deep and negative')\n    for step",
    )
    lessons = residual_copy(tmp_path, lambda text: change_solution(text, failing))
    status, problems = check(lessons, monkeypatch, capsys)
    line = line_of(lessons / RESIDUAL, "--- solution")
    assert status == 1 and len(problems) == 1, problems
    assert problems[0].startswith(
        f"lessons/{RESIDUAL}:{line}: the solution raised ValueError: deep and negative for depth "
    )
    assert "a case drawn by '--- generate' with random.Random(29)" in problems[0]


def test_a_reference_that_fails_in_the_page_is_said_to_be_the_lessons_fault():
    exercise = {
        "id": "stack",
        "function": "stack",
        "arguments": ["x"],
        "values": ["x"],
        "solution": "def stack(x):\n    if x.data < 0:\n        raise ValueError('negative')\n    return x * 2\n",
        "cases": [{"x": 1.0}, {"x": -1.0}],
    }
    verdict = grade_submission(exercise, "def stack(x):\n    return x * 2\n")
    assert verdict["diagnosis"] == "lesson_fault"
    assert not verdict["passed"] and verdict["error"] is None
    assert "The fault is in the lesson, not in your code" in verdict["message"]
    assert "input -1" in verdict["message"] or "x -1" in verdict["message"]


# 3. The cause first, alone.


def test_a_lesson_without_its_solution_gets_one_problem_about_the_solution(tmp_path, monkeypatch, capsys):
    lessons = residual_copy(
        tmp_path, lambda text: text[: text.index("--- solution")] + text[text.index("--- supply") :]
    )
    status, problems = check(lessons, monkeypatch, capsys)
    assert status == 1
    assert problems == [
        f"lessons/{RESIDUAL}:{line_of(lessons / RESIDUAL, '```exercise')}: the exercise has no "
        "'--- solution' part: add one, followed by the reference solution"
    ]


def test_a_solution_that_raises_is_reported_alone_at_its_line(tmp_path, monkeypatch, capsys):
    broken = SOLUTION_BODY.replace("        x = x + layer(x)", "        x = x + None")
    lessons = residual_copy(tmp_path, lambda text: change_solution(text, broken))
    status, problems = check(lessons, monkeypatch, capsys)
    line = line_of(lessons / RESIDUAL, "x = x + None")
    assert (status, problems) == (
        1,
        [
            f"lessons/{RESIDUAL}:{line}: the solution's program raised TypeError: "
            "unsupported operand type(s) for +: 'float' and 'NoneType', before any case "
            "could be tried"
        ],
    )


def test_a_solution_that_fails_inside_the_explores_range_is_reported_at_the_solution(tmp_path, monkeypatch, capsys):
    failing = SOLUTION_BODY.replace(
        "    for step", "    if depth == 0:\n        raise ValueError('no layers')\n    for step"
    )
    lessons = residual_copy(tmp_path, lambda text: change_solution(text, failing))
    status, problems = check(lessons, monkeypatch, capsys)
    line = line_of(lessons / RESIDUAL, "--- solution")
    assert status == 1 and len(problems) == 1, problems
    assert problems[0].startswith(f"lessons/{RESIDUAL}:{line}: the solution raised ValueError: no layers for ")
    assert "yours()" in problems[0]


# 6. build.py new


def test_new_writes_a_lesson_that_passes_the_check_at_once_and_plans_it(tmp_path, monkeypatch, capsys):
    lessons = tmp_path / "lessons"
    shutil.copytree(build.LESSONS_DIR, lessons)
    monkeypatch.chdir(tmp_path)
    (lessons / "7.4-a-value-that-remembers-its-inputs.md").unlink()  # planned, and written here anew
    assert build.main(["new", "7.4", "A Value that remembers its inputs", "--lessons", "lessons"]) == 0
    assert build.main(["new", "9.9", "Something new", "--lessons", "lessons"]) == 0
    assert build.main(["new", "12.1", "A module of its own", "--lessons", "lessons"]) == 0
    written = (lessons / "9.9-something-new.md").read_text()
    for piece in (
        "```numbers",
        "```explore",
        "```exercise",
        "--- starter",
        "--- solution",
        "--- mistake",
        "--- message",
        "--- hint",
        "```quiz",
        "## Unlocked in microgpt",
        "PLACEHOLDER",
    ):
        assert piece in written, piece
    headings = [line for line in written.splitlines() if line.startswith("## ")]
    assert headings == ["## Watch", "## Explore", "## Build", "## Check yourself", "## Unlocked in microgpt"]
    plan = (lessons / "course.toml").read_text()
    assert plan.count("7.4 A Value that remembers its inputs") == 1  # already planned: not added twice
    assert '"9.9 Something new"' in plan and '"12.1 A module of its own"' in plan
    capsys.readouterr()
    assert build.main(["check", "--lessons", "lessons"]) == 0, capsys.readouterr().err


def test_new_refuses_an_id_that_has_a_file(tmp_path, monkeypatch, capsys):
    lessons = tmp_path / "lessons"
    shutil.copytree(build.LESSONS_DIR, lessons)
    before = (lessons / RESIDUAL).read_text()
    monkeypatch.chdir(tmp_path)
    assert build.main(["new", "8.6", "Residual connections", "--lessons", "lessons"]) == 1
    assert "lesson 8.6 already has a file, lessons/8.6-residual-connections.md" in capsys.readouterr().err
    assert (lessons / RESIDUAL).read_text() == before
