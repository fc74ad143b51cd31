"""A case's run as the learner's worker hands it to the judge's (grading.run_text), and a whole Check
through it: the floats come back bit for bit, whatever the learner's code left in the graph."""

import json
import math

import pytest

from grading import browser
from grading.run_text import read_run, run_text
from tests.check_steps import judged, learn
from tests.corpus import RIGHT_STACK, lesson_exercise

EXERCISE = json.dumps(lesson_exercise("8.6")[1])

SHIPPED = {
    "data": [0.1, -2.5, 1e-300, 5e-324, 1.7976931348623157e308, -0.0],
    "ops": [None, None, "*", "+", "relu", "exp"],
    "arity": [0, 0, 2, 2, 1, 1],
    "children": [0, 1, 2, 1, 3, 4],
    "rates": [-2.5, 0.1, 1.0, 1.0, 0.0, 1.7976931348623157e308],
    "outputs": [5],
    "listed": False,
    "inputs": {"x": 0},
    "calls": [],
    "arguments": [],
    "patched": [],
}


def test_a_graphs_floats_travel_as_bytes_and_come_back_bit_for_bit():
    text = run_text(SHIPPED)
    assert json.loads(text)["data"].keys() == {"float64"}
    assert json.loads(text)["rates"].keys() == {"float64"}
    back = read_run(text)
    assert back == SHIPPED
    assert [math.copysign(1, x) for x in back["data"]] == [math.copysign(1, x) for x in SHIPPED["data"]]


def test_nan_and_infinities_come_back_as_they_went():
    run = {**SHIPPED, "data": [math.nan, math.inf, -math.inf, 0, 0, 0.5], "rates": [math.nan] * 6}
    run["data"][3:5] = [1.0, 2.0]
    back = read_run(run_text(run))
    assert math.isnan(back["data"][0]) and back["data"][1:] == [math.inf, -math.inf, 1.0, 2.0, 0.5]
    assert all(map(math.isnan, back["rates"]))


@pytest.mark.parametrize(
    "column",
    [[1.0, 2, 3.0], [1.0, 10**400, -(10**300)], [0, 1, 2], []],
    ids=["a whole number", "huge whole numbers", "whole numbers only", "empty"],
)
def test_whole_numbers_travel_beside_the_bytes_and_come_back_exactly(column):
    run = {**SHIPPED, "data": column}
    packed = json.loads(run_text(run))["data"]
    assert packed.keys() <= {"float64", "whole"}
    back = read_run(run_text(run))
    assert back["data"] == column and list(map(type, back["data"])) == list(map(type, column))


@pytest.mark.parametrize("column", [[1.0, True], [1.0, "2"], [1.0, None]], ids=["a bool", "a string", "None"])
def test_a_column_that_is_not_all_numbers_goes_as_json_as_it_is(column):
    run = {**SHIPPED, "data": column}
    assert json.loads(run_text(run))["data"] == column
    back = read_run(run_text(run))
    assert back["data"] == column and list(map(type, back["data"])) == list(map(type, column))


def test_a_problem_in_place_of_a_graph_goes_as_it_is():
    problem = {"problem": "raised", "detail": {"type": "ValueError", "message": "no", "line": 3}}
    assert read_run(run_text(problem)) == problem


@pytest.mark.parametrize(
    "packed",
    [
        '{"float64": "not base64!"}',
        '{"float64": "AAAA"}',
        '{"float64": 5}',
        '{"float64": "AAAAAAAAAAA=", "whole": [[1, 2]]}',
        '{"float64": "AAAAAAAAAAA=", "whole": [[-1, 2]]}',
        '{"float64": "AAAAAAAAAAA=", "whole": [[0, 2.5]]}',
        '{"float64": "AAAAAAAAAAA=", "whole": [0, 2]}',
        '{"float64": "AAAAAAAAAAA=", "whole": {"0": 2}}',
    ],
    ids=[
        "not base64",
        "not whole floats",
        "not text",
        "a whole number past the end",
        "a whole number before the start",
        "a float among the whole numbers",
        "not pairs",
        "not a list",
    ],
)
def test_packed_numbers_that_cannot_be_read_are_a_value_error(packed):
    text = run_text(SHIPPED).replace(json.dumps(json.loads(run_text(SHIPPED))["data"]), packed)
    with pytest.raises(ValueError):
        read_run(text)


def test_a_packed_column_the_judge_cannot_read_is_judged_as_a_run_that_could_not_be_read():
    prepared = json.loads(browser.prepare_json(EXERCISE))
    learned, runs = learn(prepared, RIGHT_STACK)
    packed = json.loads(runs[1])
    packed["rates"] = {"float64": "AAAA"}
    runs[1] = json.dumps(packed)
    verdict = judged(EXERCISE, RIGHT_STACK, prepared, runs, learned["reply"])
    assert verdict["diagnosis"] == "broken_graph" and "could not be read" in verdict["message"]


def test_a_check_hands_its_graphs_floats_on_packed_and_passes_the_right_answer():
    prepared = json.loads(browser.prepare_json(EXERCISE))
    learned, runs = learn(prepared, RIGHT_STACK)
    assert all(json.loads(run)["data"].keys() == json.loads(run)["rates"].keys() == {"float64"} for run in runs)
    verdict = judged(EXERCISE, RIGHT_STACK, prepared, runs, learned["reply"])
    assert verdict["passed"], verdict["message"]
