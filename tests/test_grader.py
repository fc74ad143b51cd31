"""The grader, run on every corpus submission, plus the guarantees the site relies on."""
import builtins
import json
import sys

import pytest

from engine import Value
from engine.grader import grade_submission
from tests.corpus import RIGHT_STACK, load_corpus, load_starter

CORPUS = load_corpus()
STARTER = load_starter()
RESULT_KEYS = {"exercise", "passed", "diagnosis", "message", "error", "cases", "output"}
CASE_KEYS = {
    "depth", "input", "rate", "shown", "expected_output", "actual_output",
    "expected_gradient", "actual_gradient", "passed",
}


def grade(source):
    """Grade source for the residual_stack exercise, with the lab's starter."""
    return grade_submission("residual_stack", source, starter=STARTER)


def corpus_source(name):
    """The source of one corpus submission."""
    return next(source for entry_name, source, _, _ in CORPUS if entry_name == name)


@pytest.fixture(scope="module")
def results():
    """Every corpus submission graded once, by name."""
    return {name: grade(source) for name, source, _, _ in CORPUS}


def test_corpus_is_large_and_mixed():
    verdicts = [verdict for _, _, verdict, _ in CORPUS]
    assert len(CORPUS) >= 40
    assert verdicts.count("passed") >= 15 and verdicts.count("failed") >= 25


@pytest.mark.parametrize("name, verdict, diagnosis", [(n, v, d) for n, _, v, d in CORPUS])
def test_corpus_verdict_and_diagnosis(results, name, verdict, diagnosis):
    result = results[name]
    got = ("passed" if result["passed"] else "failed", result["diagnosis"])
    assert got == (verdict, diagnosis), result["message"]


@pytest.mark.parametrize("name", [name for name, _, _, _ in CORPUS])
def test_result_is_plain_json_of_the_agreed_shape(results, name):
    result = results[name]
    assert set(result) == RESULT_KEYS
    assert result["exercise"] == "residual_stack"
    assert isinstance(result["message"], str) and result["message"]
    assert all(set(case) == CASE_KEYS for case in result["cases"])
    assert json.loads(json.dumps(result, allow_nan=False)) == result


def test_passed_messages_give_the_gradient_at_depth_20(results):
    passed = [result for result in results.values() if result["passed"]]
    assert passed
    for result in passed:
        assert result["message"].startswith("Passed")
        assert "6.7275" in result["message"]
        assert result["cases"] and all(case["passed"] for case in result["cases"])


def test_first_case_is_the_first_failing_one(results):
    for name, result in results.items():
        if not result["passed"] and result["cases"]:
            flags = [case["passed"] for case in result["cases"]]
            assert flags[0] is False, name
            assert flags == sorted(flags), name  # every failing case before every passing one


def test_every_case_is_run_and_one_is_the_pages_own(results):
    cases = results["right_assign"]["cases"]
    assert len(cases) >= 8
    (shown,) = [case for case in cases if case["shown"]]
    assert (shown["depth"], shown["input"], shown["rate"]) == (20, 1.0, 0.1)
    assert shown["expected_gradient"] == pytest.approx(1.1**20, rel=1e-12)
    assert {case["rate"] for case in cases} >= {0.1, 0.3, -0.9}
    assert {case["depth"] for case in cases} >= {1, 3, 7, 13, 20, 40}


def test_negative_input_passes_straight_through(results):
    for case in results["right_assign"]["cases"]:
        if case["input"] < 0 and case["rate"] > 0:
            assert case["actual_output"] == case["input"]
            assert case["actual_gradient"] == 1.0


def test_replacing_message_names_the_vanished_gradient(results):
    message = results["wrong_replaces"]["message"]
    assert message.startswith("Your stack replaced x with layer(x)")
    assert "1e-20" in message and "x = x + layer(x)" in message


def test_failed_messages_are_concrete(results):
    for name, result in results.items():
        if result["diagnosis"] in ("wrong", "no_gradient", "hard_coded", "wrong_depth", "scaled_skip"):
            assert "instead of" in result["message"] or "where" in result["message"], name


def test_syntax_error_gives_line_and_column(results):
    result = results["wrong_syntax_error"]
    line = corpus_source("wrong_syntax_error").splitlines().index("    for _ in range(depth)") + 1
    assert result["error"]["type"] == "SyntaxError"
    assert result["error"]["line"] == line == 10
    assert result["error"]["column"] == len("    for _ in range(depth)") + 1
    assert f"line {line}, column {result['error']['column']}" in result["message"]
    assert result["cases"] == []


def test_runtime_error_gives_the_learners_line(results):
    result = results["wrong_undefined_name"]
    lines = corpus_source("wrong_undefined_name").splitlines()
    assert result["error"]["type"] == "NameError"
    assert lines[result["error"]["line"] - 1].strip() == "x = x + layr(x)"
    assert "layr" in result["message"]


def test_top_level_error_gives_the_learners_line(results):
    result = results["wrong_raises_at_top_level"]
    lines = corpus_source("wrong_raises_at_top_level").splitlines()
    assert "gradient" in lines[result["error"]["line"] - 1]


def test_unchanged_starter_says_the_blank_is_empty():
    result = grade(STARTER + "\n\n   \n")
    assert result["diagnosis"] == "unchanged_starter"
    assert "not filled the blank" in result["message"]


def test_starter_is_only_compared_when_given():
    result = grade_submission("residual_stack", STARTER)
    assert result["diagnosis"] == "replaces"


def test_output_is_captured_and_cut():
    result = grade(corpus_source("right_prints_in_loop"))
    assert result["output"].startswith("plain_stack ") and "layer 0 x = 1.1\n" in result["output"]
    assert len(result["output"]) < 4100 and "output cut here" in result["output"]


def test_non_finite_numbers_become_none(results):
    cases = results["wrong_overflows"]["cases"]
    assert cases[0]["actual_output"] is None and not cases[0]["passed"]


def test_patches_do_not_outlive_their_run():
    original_add, original_backward, original_len = Value.__add__, Value.backward, builtins.len
    for name in ("wrong_patches_add_to_cheat", "right_patches_len", "right_patches_add_counter"):
        grade(corpus_source(name))
        assert Value.__add__ is original_add and Value.backward is original_backward
        assert builtins.len is original_len
        assert grade(corpus_source("right_assign"))["passed"]
        assert not grade(corpus_source("wrong_replaces"))["passed"]


def test_patching_backward_cannot_fake_a_pass(results):
    assert results["wrong_fakes_gradient"]["diagnosis"] == "replaces"
    assert results["right_patches_backward"]["passed"]


def test_added_attributes_are_removed_after_the_run():
    grade("from engine import Value\nValue.tanh = lambda self: self\n")
    assert not hasattr(Value, "tanh")


def test_unknown_exercise_raises():
    with pytest.raises(ValueError, match="no_such_exercise"):
        grade_submission("no_such_exercise", "x = 1")


LEFT_IN_GLOBALS = "import sys\n" + RIGHT_STACK + """
kept = residual_stack(Value(1.0), 2000)
sys.gradlab_probe = kept
"""

LEFT_IN_A_RAISING_FRAME = """
import sys
from engine import Value

def layer(x):
    return (x * 0.1).relu()

def residual_stack(x, depth=20):
    for _ in range(depth):
        x = x + layer(x)
    sys.gradlab_probe = x
    raise RuntimeError("gave up after building the stack")
"""


@pytest.mark.parametrize("source", [LEFT_IN_GLOBALS, LEFT_IN_A_RAISING_FRAME])
def test_graphs_the_learner_leaves_behind_are_taken_apart(source):
    # In Pyodide, dropping a deep graph whole kills the interpreter; the grader must cut it first.
    try:
        grade(source)
        assert sys.gradlab_probe._children == () and sys.gradlab_probe._local_grads == ()
    finally:
        del sys.gradlab_probe
