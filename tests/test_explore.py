"""An explore's numbers in CPython: the lesson's function of the controls, and the learner's own series."""

import math

import pytest

from grading.explore import ExploreError, compute_explore
from tests.corpus import RIGHT_STACK, lesson_exercise

DEPTH = {"name": "depth", "min": 1, "max": 40, "step": 1, "default": 20}
RATE = {"name": "rate", "min": 0.1, "max": 0.5, "step": 0.1, "default": 0.1}
GROWTH = """
def explore(depth, rate):
    return {"x": list(range(depth + 1)), "residual": [(1 + rate) ** d for d in range(depth + 1)]}
"""
# The lesson's own yours(): the gradient the learner's residual_stack lets through at every depth.
YOURS = (
    GROWTH
    + """
def yours(run, depth, rate):
    return [run(x=1.0, depth=d, rate=rate).grad_x for d in range(depth + 1)]
"""
)


def test_the_chart_is_the_lessons_function_of_the_controls():
    data = compute_explore(GROWTH, [DEPTH, RATE], {"depth": 3, "rate": 0.5})
    assert data == {
        "x": [0.0, 1.0, 2.0, 3.0],
        "series": {"residual": [1.0, 1.5, 2.25, 3.375]},
        "controls": {"depth": 3, "rate": 0.5},
    }


@pytest.mark.parametrize(
    "values, controls",
    [
        ({}, {"depth": 20, "rate": 0.1}),
        ({"depth": 100, "rate": -1}, {"depth": 40, "rate": 0.1}),
        ({"depth": "7.0", "rate": "0.3"}, {"depth": 7, "rate": 0.3}),
    ],
)
def test_controls_take_their_defaults_and_stay_within_their_range(values, controls):
    chosen = compute_explore(GROWTH, [DEPTH, RATE], values)["controls"]
    assert chosen == controls and type(chosen["depth"]) is int and type(chosen["rate"]) is float


def test_a_control_with_fractional_steps_keeps_its_fractions_even_from_a_whole_minimum():
    quarter = {"name": "share", "min": 0, "max": 1, "step": 0.25, "default": 0.5}
    code = 'def explore(share):\n    return {"x": [share]}\n'
    assert compute_explore(code, [quarter], {"share": 0.75})["controls"] == {"share": 0.75}


def test_numbers_json_cannot_carry_are_gaps():
    code = 'def explore(n):\n    return {"x": [1, 2, math.inf], "y": [1, math.nan, -math.inf]}\nimport math\n'
    data = compute_explore(code, [{"name": "n", "min": 0, "max": 1, "step": 1, "default": 0}], {})
    assert data["x"] == [1.0, 2.0, None] and data["series"] == {"y": [1.0, None, None]}


@pytest.mark.parametrize(
    "code, says",
    [
        (
            "def chart(depth, rate):\n    return {}\n",
            "the explore's code must define a function explore(…) of its controls",
        ),
        (
            "def explore(depth, rate):\n    return [1, 2]\n",
            "explore() must return a dict with the list 'x' and one list per series",
        ),
        (
            "def explore(depth, rate):\n    return {'y': [1, 2]}\n",
            "explore() must return a dict with the list 'x' and one list per series",
        ),
        (
            "def explore(depth, rate):\n    return {'x': [1, 2], 'y': [1]}\n",
            "the series 'y' has 1 numbers where 'x' has 2",
        ),
    ],
)
def test_an_explore_that_cannot_give_a_chart_says_why(code, says):
    with pytest.raises(ExploreError) as raised:
        compute_explore(code, [DEPTH, RATE], {})
    assert str(raised.value) == says


def test_the_learners_series_is_their_own_function_run_as_a_check_runs_it():
    exercise = lesson_exercise("8.6")[1]
    data = compute_explore(YOURS, [DEPTH, RATE], {"depth": 20, "rate": 0.1}, (exercise, RIGHT_STACK))
    assert data["series"]["yours"] == pytest.approx(data["series"]["residual"], rel=1e-12)
    assert math.isclose(data["series"]["yours"][20], 6.7275, rel_tol=1e-4)
    plain = RIGHT_STACK.replace("x = x + layer(x)", "x = layer(x)")
    drawn = compute_explore(YOURS, [DEPTH, RATE], {"depth": 3, "rate": 0.5}, (exercise, plain))["series"]["yours"]
    assert drawn == pytest.approx([1.0, 0.5, 0.25, 0.125])


@pytest.mark.parametrize(
    "source",
    [
        "def residual_stack(x, depth):\n    return x +\n",  # cannot be read
        "residual_stack = 3\n",  # no function to call
        "def residual_stack(x, depth):\n    return None\n",
    ],
)  # nothing to measure
def test_a_learners_program_that_gives_no_numbers_leaves_gaps(source):
    data = compute_explore(YOURS, [DEPTH, RATE], {"depth": 2}, (lesson_exercise("8.6")[1], source))
    assert data["series"]["yours"] == [None, None, None]


def test_yours_reads_only_the_exercises_quantities():
    code = GROWTH + "def yours(run, depth, rate):\n    return [run(x=1.0, depth=1, rate=rate).grad_depth]\n"
    with pytest.raises(AttributeError, match="^grad_depth$"):  # the lesson check quotes it to the author
        compute_explore(code, [DEPTH, RATE], {"depth": 0}, (lesson_exercise("8.6")[1], RIGHT_STACK))
