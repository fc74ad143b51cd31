"""A case's run as the Check's channel carries it (grading/run_text.py): the judge reads back the very
numbers the learner's side shipped, and text that is not a run is refused, never misread."""

import json
import math

import pytest

from grading import browser
from grading.run_text import read_run, run_text

# What ship sends for a small graph, with every kind of number a column can hold: sum() starts at the int
# 0, a learner's Value may hold a huge int, and a float column may hold NaN, infinities and -0.0.
RUN = {
    "data": [1.5, 0, math.nan, -0.0, math.inf, -math.inf, 10**400, 2.0**-1074, 0.1 + 0.2],
    "rates": [1.0, 2, -0.0, 3.5],
    "children": [0, 1, 2, 3],
    "arity": [0, 0, 2, 0, 0, 0, 2, 0, 0],
    "ops": ["+", None, "*", "**-1"],
    "outputs": [8],
    "listed": True,
    "inputs": {"x": [0, 1]},
    "calls": [],
    "arguments": [],
    "patched": [],
}


def same(a, b):
    """Equal and of the same type, number by number; NaN the same as NaN, -0.0 told from 0.0."""
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(map(same, a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[key], b[key]) for key in a)
    if isinstance(a, float):
        return math.isnan(a) and math.isnan(b) or (a == b and math.copysign(1, a) == math.copysign(1, b))
    return a == b


def test_the_judge_reads_back_every_number_bit_for_bit_and_each_int_as_an_int():
    text = run_text(RUN)
    assert same(read_run(text), RUN)
    assert "10000000000" in text and '"packed"' in text
    packed = [name for name, column in json.loads(text).items() if isinstance(column, dict) and "packed" in column]
    assert packed == ["data", "rates"]


def test_a_column_that_cannot_be_packed_travels_as_a_list():
    run = {**RUN, "data": [1.0, None], "rates": [True, 1.0]}
    assert json.loads(run_text(run))["data"] == [1.0, None]
    assert same(read_run(run_text(run)), run)


def test_a_run_without_columns_is_plain_json():
    problem = {"problem": "raised", "detail": {"type": "ValueError", "message": "no"}}
    assert run_text(problem) == json.dumps(problem) and read_run(run_text(problem)) == problem


@pytest.mark.parametrize(
    "column",
    [
        {"packed": "AAA"},  # not base64
        {"packed": "AAAA"},  # 3 bytes: not a whole number of 8-byte numbers
        {"packed": 5},
        {},
        {"packed": "", "whole": [[0, 1]]},  # a whole number placed outside the column
        {"packed": "AAAAAAAAAAA=", "whole": [[0, 1.5]]},  # a float where an int was promised
        {"packed": "AAAAAAAAAAA=", "whole": [[0]]},
        {"packed": "AAAAAAAAAAA=", "whole": "all"},
        {"packed": "AAAAAAAAAAA=", "whole": [[-1, 1]]},
    ],
)
def test_text_that_is_no_packed_column_is_refused(column):
    with pytest.raises(ValueError):
        read_run(json.dumps({**RUN, "data": column}))


def test_a_check_judges_a_run_it_cannot_read_as_one_that_could_not_be_read():
    """Over the Check's channel, an unreadable packed column is judged as an unreadable run: the verdict
    is a failure of that case, not an error of the judge."""
    exercise = json.dumps(
        {
            "id": "double",
            "function": "double",
            "arguments": ["x"],
            "values": ["x"],
            "solution": "def double(x):\n    return x * 2\n",
            "cases": [{"x": 1.5}],
        }
    )
    source = "def double(x):\n    return x * 2\n"
    prepared = json.loads(browser.prepare_json(exercise))
    runs = []
    learned = json.loads(
        browser.learn_json(json.dumps(prepared["request"]), source, json.dumps(prepared["cases"]), runs.append)
    )

    def verdict(run):
        judging = browser.begin_judging(exercise, source, None, prepared["prepared"])
        judging.take_json(run)
        return json.loads(judging.verdict_json(learned["reply"]))

    assert verdict(runs[0])["passed"]
    broken = json.loads(runs[0])
    broken["data"]["packed"] = broken["data"]["packed"][:-4]
    assert not verdict(json.dumps(broken))["passed"]
    assert verdict(json.dumps(broken)) == verdict("not JSON")
