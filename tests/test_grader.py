"""The grader on every corpus submission of every lesson, plus the guarantees the site relies on."""

import builtins
import json
import math
import random
import sys

import pytest

from engine import Value
from grading.exercise import Exercise
from grading.grader import grade_submission, run_reference
from tests.corpus import RIGHT_STACK, corpus_lessons, corpus_seed, lesson_exercise, load_corpus, load_starter

CORPUS = load_corpus("8.6")
STARTER = load_starter("8.6")
EXERCISE = lesson_exercise("8.6")[1]
RESULT_KEYS = {"exercise", "passed", "diagnosis", "message", "error", "columns", "cases", "output"}
ALL_CORPORA = [(lesson, *entry) for lesson in corpus_lessons() for entry in load_corpus(lesson)]


def grade(source, **changes):
    """Grade source for lesson 8.6's residual_stack exercise (with changes to it), with the corpus's starter."""
    return grade_submission({**EXERCISE, **changes}, source, starter=STARTER)


def f_program(body):
    """A program defining f(x) with body."""
    return "from engine import Value\n\ndef f(x):\n" + "".join(f"    {line}\n" for line in body.splitlines())


def tiny_exercise(solution, xs, mistakes=(), **more):
    """An exercise f(x) of our own, for behaviour no lesson's exercise happens to show: its solution's
    body, the inputs, and (name, body) of each mistake."""
    return {
        "id": "f",
        "function": "f",
        "arguments": ["x"],
        "values": ["x"],
        "solution": f_program(solution),
        "cases": [{"x": x} for x in xs],
        **more,
        "mistakes": [
            {"name": name, "source": f_program(body), "message": f"You made the mistake {name}."}
            for name, body in mistakes
        ],
    }


def corpus_source(name):
    """The source of one corpus submission."""
    return next(source for entry_name, source, _, _ in CORPUS if entry_name == name)


class GradedCorpus(dict):
    """The corpus submissions by name, each graded when first read."""

    def __missing__(self, name):
        self[name] = grade(corpus_source(name))
        return self[name]

    def items(self):
        return [(name, self[name]) for name, _, _, _ in CORPUS]

    def values(self):
        return [result for _, result in self.items()]


@pytest.fixture
def results():
    """The corpus, graded within each test that reads it rather than once for the module: mutation
    testing runs, for each mutant, only the tests that ran its code, and would miss all but the first."""
    return GradedCorpus()


def drawn_for(lesson, name):
    """The random source of a corpus submission's Check: its own seed, so that each submission meets other
    drawn cases, the same ones at every run (tests/pyodide/grade_in_pyodide.mjs is given the same seed)."""
    return random.Random(corpus_seed(lesson, name))


@pytest.mark.parametrize(
    "lesson, name, source, verdict, diagnosis", ALL_CORPORA, ids=[f"{entry[0]}/{entry[1]}" for entry in ALL_CORPORA]
)
def test_every_corpus_verdict_and_diagnosis(lesson, name, source, verdict, diagnosis):
    result = grade_submission(lesson_exercise(lesson)[1], source, load_starter(lesson), drawn_for(lesson, name))
    got = ("passed" if result["passed"] else "failed", result["diagnosis"])
    assert got == (verdict, diagnosis), result["message"]


def test_a_recursive_walk_runs_out_of_depth_on_the_chain_and_is_told_why():
    """Lesson 7.5's chain is there to be deeper than Python lets calls nest: were it made shorter than
    the limit, the recursive sort the lesson warns of would pass."""
    (source,) = (source for name, source, _, _ in load_corpus("7.5") if name == "wrong_recursive_sort")
    result = grade_submission(lesson_exercise("7.5")[1], source, starter=load_starter("7.5"))
    assert not result["passed"]
    assert "RecursionError" in result["message"]
    assert f"only about {sys.getrecursionlimit():,} deep" in result["message"]


def test_every_corpus_is_large_and_mixed():
    for lesson in corpus_lessons():
        verdicts = [verdict for _, _, verdict, _ in load_corpus(lesson)]
        assert verdicts.count("passed") >= 10 and verdicts.count("failed") >= 10, lesson


def test_corpus_is_large_and_mixed():
    verdicts = [verdict for _, _, verdict, _ in CORPUS]
    assert len(CORPUS) >= 40
    assert verdicts.count("passed") >= 15 and verdicts.count("failed") >= 25


@pytest.mark.parametrize("name", [name for name, _, _, _ in CORPUS])
def test_result_is_plain_json_of_the_agreed_shape(results, name):
    result = results[name]
    assert set(result) == RESULT_KEYS
    assert result["exercise"] == "residual_stack"
    assert isinstance(result["message"], str) and result["message"]
    keys = {column["key"] for column in result["columns"]}
    assert all(set(case["cells"]) == keys and isinstance(case["passed"], bool) for case in result["cases"])
    assert json.loads(json.dumps(result, allow_nan=False)) == result


def test_passed_messages_give_the_gradient_at_depth_20(results):
    passed = [result for result in results.values() if result["passed"]]
    assert passed
    for result in passed:
        assert result["message"].startswith("Passed")
        assert "6.727" in result["message"] and "1e-20" in result["message"]
        assert result["cases"] and all(case["passed"] for case in result["cases"])


def test_first_case_is_the_first_failing_one(results):
    for name, result in results.items():
        if not result["passed"] and result["cases"]:
            flags = [case["passed"] for case in result["cases"]]
            assert flags[0] is False, name
            assert flags == sorted(flags), name  # every failing case before every passing one


def test_the_table_has_the_columns_the_exercise_declares(results):
    columns = [column["label"] for column in results["right_assign"]["columns"]]
    assert columns == ["Depth", "Input", "Layer rate", "Expected gradient", "Your gradient"]
    first = results["right_assign"]["cases"][0]["cells"]
    assert (first["depth"], first["x"], first["rate"], first["expected:grad_x"]) == ("20", "1", "0.1", "6.727")


def test_written_cases_run_and_two_are_drawn_afresh_at_every_check():
    def cases(seed):
        result = grade_submission(EXERCISE, RIGHT_STACK, None, random.Random(seed))
        return [case["cells"] for case in result["cases"] if case["drawn"]], len(result["cases"])

    (first, count), (second, _) = cases(1), cases(2)
    assert count == len(EXERCISE["cases"]) + 2 and len(first) == 2
    assert first != second


def test_negative_input_passes_straight_through(results):
    # The written cases, whose layer is the lab's relu: the drawn ones may give it another shape.
    for case in results["right_assign"]["cases"]:
        cells = case["cells"]
        if not case["drawn"] and float(cells["x"]) < 0 and float(cells["rate"]) > 0:
            assert cells["yours:grad_x"] == "1"


def test_replacing_message_names_the_vanished_gradient_but_not_the_fix(results):
    message = results["wrong_replaces"]["message"]
    assert message.startswith("Your stack replaced `x`")
    assert "1e-20" in message and "6.727" in message
    assert "x + layer(x)" not in message and "x = x +" not in message


def test_no_message_hands_over_the_fix(results):
    for name, result in results.items():
        if result["diagnosis"] in ("syntax_error", "raised"):
            continue  # these quote the learner's own line, which may be the right one
        assert "x+layer(x)" not in "".join(result["message"].split()), name


def test_failed_messages_are_concrete(results):
    for name, result in results.items():
        if result["diagnosis"] in (
            "wrong",
            "no_gradient",
            "hard_coded",
            "one_layer_too_many",
            "one_layer_too_few",
            "fixed_depth",
            "scaled_skip",
            "halves_skip",
            "halves_sum",
        ):
            assert "instead of" in result["message"] or "where" in result["message"], name


def test_a_right_answer_that_differs_in_the_last_digits_passes():
    last_digits = RIGHT_STACK.replace("x = x + layer(x)", "x = (x + layer(x)) * (1 + 1e-15)")
    assert grade(last_digits)["passed"]


@pytest.mark.parametrize(
    "expected, actual, agrees",
    [
        (6.727499949325611, 6.727499949325601, True),
        (1e-20, 0.0, False),
        (0.0, 1e-3, False),
        (0.0, 1e-20, True),
        (math.inf, math.inf, True),
        (math.inf, 1e308, False),
        (math.nan, math.nan, True),
        (1.0, math.nan, False),
    ],
)
def test_comparison_tolerates_rounding_and_handles_zero_inf_and_nan(expected, actual, agrees):
    from grading.compare import close

    assert close(actual, expected, 1e-9) is agrees


@pytest.mark.parametrize(
    "expected, actual, agrees",
    [
        # The gradient at a query of lesson 9.1 whose first number is 0 in exact arithmetic: the reference
        # and a right answer that sums in another order leave rounding of opposite signs there.
        ([-1.943e-16, -0.03445, -4.797], [8.327e-17, -0.03445, -4.797], True),
        ([1e-4, 5.0], [0.0, 5.0], False),  # a small number, but far above rounding beside 5
        ([1e-20], [0.0], False),  # a lone small number is measured against itself
        ([1e-20, 1e-21], [1e-20, 0.0], False),
        ([[0.0, 2.0], [3e-16, -1.0]], [[1e-16, 2.0], [-2e-16, -1.0]], True),
    ],
)
def test_a_zero_that_rounding_left_in_a_list_agrees_with_rounding_of_either_sign(expected, actual, agrees):
    from grading.compare import same_numbers

    assert same_numbers(actual, expected, 1e-9) is agrees


# Drawn once at a Check of lesson 9.1: the answer that leaves out the softmax's shift was failed there,
# told that its graph was cut (the gradient at q's first number: 8.3e-17 against the reference's -1.9e-16).
CANCELLING_MULTI_HEAD_CASE = {
    "n_head": 2,
    "q": [0.54, 1.38, -1.37, -0.81, 1.31, 0.76],
    "keys": [[1.25, -1.15, -0.55, 0.77, -0.54, 1.19], [1.25, -0.97, 0.98, 0.34, -0.75, -1.43]],
    "values": [[-0.96, 0.68, 0.46, -1.24, 1.01, -1.11], [-1.13, -0.63, 0.52, 1.36, -1.28, -0.04]],
    "wo": [
        [0.42, -1.32, -1.1, -0.1, -0.79, 1.04],
        [0.09, 1.21, -0.23, 0.86, -1.44, -0.67],
        [0.55, -0.43, -0.44, -0.98, -1.28, -0.15],
        [0.28, 0.09, 0.53, 0.42, -0.35, -1.28],
        [1.2, 1.05, -0.92, 0.77, -0.91, 1.21],
        [-0.92, 0.42, 0.01, 1.08, 0.16, 0.88],
    ],
}


def test_a_right_answer_passes_where_a_gradient_cancels_to_rounding():
    exercise = {**lesson_exercise("9.1")[1], "cases": [CANCELLING_MULTI_HEAD_CASE], "generate": ""}
    result = grade_submission(exercise, lesson_source("9.1", "right_no_max_subtracted"), starter=load_starter("9.1"))
    assert (result["passed"], result["diagnosis"]) == (True, "correct"), result["message"]


def test_the_exercises_own_tolerance_is_the_one_applied():
    off_by_a_millionth = RIGHT_STACK.replace("x = x + layer(x)", "x = (x + layer(x)) * (1 + 1e-6)")
    assert not grade(off_by_a_millionth)["passed"]
    assert grade(off_by_a_millionth, tolerance=1e-4)["passed"]


def test_a_mistake_is_not_recognised_on_a_case_where_it_raises():
    triples = "if x.data < 0:\n    raise ValueError('no negatives')\nreturn x * 3"
    exercise = tiny_exercise("return x * x", [1.0, 2.0, -1.0], [("triples", triples)])
    assert grade_submission(exercise, f_program("return x * 3"))["diagnosis"] == "wrong"


def test_a_mistake_of_another_shape_is_not_recognised():
    exercise = tiny_exercise("return [x * 2, x * 3]", [1.0, 2.0], [("first_only", "return x * 2")])
    result = grade_submission(exercise, f_program("return [x * 2, x * 2]"))
    assert result["diagnosis"] == "wrong" and "[2, 2] where [2, 3]" in result["message"]


LINEAR = """from engine import Value

def linear(x, w):
    return [sum((wi * xi for wi, xi in zip(row, x)), Value(0.0)) for row in w]
"""

LINEAR_EXERCISE = {
    "id": "linear",
    "function": "linear",
    "arguments": ["x", "w"],
    "values": ["x", "w"],
    "solution": LINEAR,
    "cases": [
        {"x": [1.0, 2.0], "w": [[0.5, -1.0], [2.0, 0.25], [1.0, 1.0]]},
        {"x": [-1.0, 3.0, 0.5], "w": [[1.0, 2.0, 3.0], [0.0, -1.0, 4.0]]},
    ],
    "mistakes": [
        {
            "name": "columns",
            "source": LINEAR.replace("zip(row, x)", "zip((r[0] for r in w), x)"),
            "message": "You took a column for a row.",
        }
    ],
}


def test_a_matrix_of_values_is_graded_by_the_gradient_at_every_entry():
    assert grade_submission(LINEAR_EXERCISE, LINEAR)["passed"]
    assert (
        grade_submission(LINEAR_EXERCISE, LINEAR.replace("zip(row, x)", "zip((r[0] for r in w), x)"))["diagnosis"]
        == "columns"
    )
    detached = grade_submission(LINEAR_EXERCISE, LINEAR.replace("wi * xi", "wi.data * xi"))
    assert detached["diagnosis"] == "no_gradient"
    assert "[[1, 2], [1, 2], [1, 2]]" in detached["message"]  # the gradient at w, row by row
    rows_swapped = LINEAR.replace("for row in w]", "for row in reversed(w)][::-1]")
    assert grade_submission(LINEAR_EXERCISE, rows_swapped)["passed"]


def test_honest_gradients_closed_form_hand_built_and_imports_are_refused(results):
    assert results["wrong_closed_form_factor"]["diagnosis"] == "bypasses"
    assert (
        "0" in results["wrong_closed_form_factor"]["message"]
        and "layer" in results["wrong_closed_form_factor"]["message"]
    )
    assert results["wrong_closed_form_with_dead_layers"]["diagnosis"] == "bypasses"
    assert results["wrong_hand_built_closed_form"]["diagnosis"] == "forged_node"
    assert "by hand" in results["wrong_hand_built_closed_form"]["message"]
    assert results["wrong_patches_add_in_call"]["diagnosis"] == "forged_node"
    assert "Value.__add__" in results["wrong_patches_add_in_call"]["message"]
    for name in ("wrong_imports_grader", "wrong_imports_grader_inside"):
        assert results[name]["diagnosis"] == "imports_grader"
        assert "grader" in results[name]["message"]


DOUBLE = tiny_exercise("return x * 2", [1.0, 2.0])


@pytest.mark.parametrize(
    "body, diagnosis, says",
    [
        ("y = x * 2\ny._children = (x, 3.0)\nreturn y", "broken_graph", ": one of its links is not a Value."),
        ("y = x * 2\ny._children = {x}\nreturn y", "broken_graph", ": a node's children are not a tuple."),
        (
            "y = x * 2\nx._children, x._local_grads = (y,), (1.0,)\nreturn y",
            "broken_graph",
            ": it goes round in a circle: a node is computed from itself.",
        ),
        (
            "class Mine(Value):\n    pass\nreturn Mine(x.data * 2, (x,), (2.0,))",
            "broken_graph",
            ": it holds a Mine where a Value should be.",
        ),
        ("y = x * 2\ny.data = '2'\nreturn y", "broken_graph", ": a node's data is a str, not a number."),
        (
            "y = x * 2\ny._local_grads = {'x': 2.0}\nreturn y",
            "broken_graph",
            ": a node's local gradients are not a tuple.",
        ),
        (
            "y = x * 2\ny._local_grads = (2.0,)\nreturn y",
            "broken_graph",
            ": a node does not have one number as local gradient per child.",
        ),
        (
            "y = x * 2\ny._local_grads = (2, '1')\nreturn y",
            "broken_graph",
            ": a node does not have one number as local gradient per child.",
        ),
        (
            "y = x * 2\ny.data = 10 ** 400\nreturn y",
            "broken_graph",
            ": its numbers cannot be carried back (int too large to convert to float).",
        ),
        (
            "y = x * 2\ny.data = 10 ** 4001\nreturn y",
            "broken_graph",
            ": a node's data is a whole number too large to carry back.",
        ),
        (
            "y = x * 2\ny._local_grads = (2.0, -(10 ** 4001))\nreturn y",
            "broken_graph",
            ": a node's local gradient is a whole number too large to carry back.",
        ),
        ("y = x * 2\ny.data = True\nreturn y", "broken_graph", ": a node's data is a bool, not a number."),
        ("y = x * 2\ny.data = 5.0\nreturn y", "forged_node", "a '*' node says its result is 5.0"),
        ("y = x * 2\ny.data = float('nan')\nreturn y", "forged_node", "a '*' node says its result is nan"),
        (
            "y = x * 2\ny.data = x.data + 2\ny._local_grads = (1.0, 1.0)\nreturn y",
            "forged_node",
            "a '*' node says its result is 3.0 with local gradients (1.0, 1.0), but '*' of (1.0, 2) gives 2.0",
        ),
        ("y = x ** 2\ny.data = 7.0\nreturn y", "forged_node", "a '**2' node says its result is 7.0"),
        (
            "return Value(x.data * 2, (x * -1,), (0.5,), '**0.5')",
            "forged_node",
            "a '**0.5' node says its result is 2.0",
        ),
        ("return Value(x.data * 2, (x,), (2.0,), '+')", "forged_node", "a node with data 2.0 was made by hand"),
        ("y = x * 2\ny._op = 5\nreturn y", "forged_node", "a node with data 2.0 was made by hand"),
    ],
)
def test_a_graph_the_engine_did_not_make_is_refused_with_the_reason(body, diagnosis, says):
    result = grade_submission(DOUBLE, f_program(body))
    assert result["diagnosis"] == diagnosis and says in result["message"]


# Nodes of the common operations whose numbers are off in one way each (at x = 1 the '+' adds 1 and 2,
# the '*' multiplies 1 by 2), and nodes made by hand with the numbers of an operation.
@pytest.mark.parametrize(
    "body",
    [
        "y = x + 2\ny.data = 4.0\nreturn y",
        "y = x + 2\ny.data = x.data - 2\nreturn y",
        "y = x + 2\ny._local_grads = (2.0, 1.0)\nreturn y",
        "y = x + 2\ny._local_grads = (1.0, 2.0)\nreturn y",
        "y = x * 2\ny.data, y._local_grads = 4.0, (2, 2.0)\nreturn y",
        "y = x * 2\ny._local_grads = (3.0, 1.0)\nreturn y",
        "y = (x * 2).relu()\ny.data = 3.0\nreturn y",
        "y = (x * 2).relu()\ny._local_grads = (0.5,)\nreturn y",
        "y = (x * -1).relu()\ny.data = 1.0\nreturn y",
        "y = (x * 0).relu()\ny._local_grads = (1.0,)\nreturn y",
        "y = (x * 0.5).relu()\ny._local_grads = (0.0,)\nreturn y",
        "two = Value(2)\nreturn Value(x.data * 2, (x, two), (2, x.data))",
        "return Value(x.data * 2, (x,), (2.0,), '*')",
        "y = x * 2\nreturn Value(y.data, (y,), (1.0,), '**2')",
    ],
)
def test_a_node_whose_numbers_its_operation_does_not_give_is_forged(body):
    assert grade_submission(DOUBLE, f_program(body))["diagnosis"] == "forged_node"


PAIR = tiny_exercise("return [x * 2, x * 3]", [1.0])
RIGHT_NUMBER = ", where a Value was expected, so no gradient could flow back through it. Return the Value itself, not its .data or a number made from it."


# What the learner reads for each way a program can fail to give a gradient, word for word.
@pytest.mark.parametrize(
    "exercise, source, diagnosis, message",
    [
        (
            DOUBLE,
            "def g(x):\n    return x\n\ndef h(x):\n    return x\n",
            "missing_function",
            "There is no function called f in your code, so there was nothing to check. Your code defines g, h. "
            "Keep the line def f(…): from the starter code and fill in its blank.",
        ),
        (
            DOUBLE,
            "f = 'f'\n",
            "missing_function",
            "f in your code is a str, not a function. Keep the line def f(…): from the starter code and fill in its blank.",
        ),
        (
            DOUBLE,
            "def f(x, y):\n    return x\n",
            "bad_signature",
            "f(x, y) cannot be called as f(x), which is how the grader calls it. Give it 1 parameter(s), in that order, "
            "as the starter code does.",
        ),
        (
            DOUBLE,
            f_program("y = x * 2"),
            "not_a_value",
            "f returned None for x 1, where a Value was expected, so no gradient could flow back through it. "
            "A function without a return line gives None: end it with a return.",
        ),
        (
            DOUBLE,
            f_program("return x.data * 2"),
            "not_a_value",
            "f returned a plain float (2.0) for x 1" + RIGHT_NUMBER,
        ),
        (
            DOUBLE,
            f_program("return [x, 2]"),
            "not_a_value",
            "f returned a list that is not all Values for x 1" + RIGHT_NUMBER,
        ),
        (
            DOUBLE,
            f_program("return (x, 2)"),
            "not_a_value",
            "f returned a tuple that is not all Values for x 1" + RIGHT_NUMBER,
        ),
        (
            DOUBLE,
            f_program("return [x * 2]"),
            "not_a_value",
            "f returned a list of 1 Values for x 1, where a Value was "
            "expected, so no gradient could flow back through it. Return the one Value itself, not a list holding it.",
        ),
        (
            PAIR,
            f_program("return x * 2"),
            "not_a_value",
            "f returned a single Value for x 1, where a list of 2 Values was expected, so no gradient could flow back "
            "through it. Return the whole list of Values, one for each of the 2 entries.",
        ),
        (
            DOUBLE,
            f_program("y = x * 2\nraise ValueError('no {way}')"),
            "raised",
            "f raised ValueError on line 5 (`raise ValueError('no {way}')`) when called with x 1: no {way}. "
            "Read that line with those values in mind, then check again.",
        ),
        (
            DOUBLE,
            f_program("raise ValueError"),
            "raised",
            "f raised ValueError on line 4 (`raise ValueError`) when called with x 1: (no message). "
            "Read that line with those values in mind, then check again.",
        ),
        (
            DOUBLE,
            f_program("raise ValueError('why?')"),
            "raised",
            "f raised ValueError on line 4 (`raise ValueError('why?')`) when called with x 1: why? "
            "Read that line with those values in mind, then check again.",
        ),
        (
            DOUBLE,
            f_program("return Value(x.data * 2)"),
            "no_gradient",
            "For x 1, your f returns the right output (2), but the gradient at x is 0 where 2 was expected: the graph "
            "was cut somewhere. A number taken out with .data is a plain float that carries no gradient, so build every "
            "step from Values.",
        ),
        (
            DOUBLE,
            "import grading\n" + f_program("return x * 2"),
            "imports_grader",
            "Your code tries to use the grader (import grading). The grade comes from running your own function, so "
            "leave the grader out and build the answer yourself.",
        ),
        (
            DOUBLE,
            f_program("return x *"),
            "syntax_error",
            "Python could not read line 4, column 15 of your code (`return x *`): invalid syntax. Nothing ran yet: fix "
            "that spot (an unclosed bracket or a missing colon on the line before is a common cause) and check again.",
        ),
    ],
)
def test_each_way_of_failing_is_told_in_so_many_words(exercise, source, diagnosis, message):
    result = grade_submission(exercise, source)
    assert (result["diagnosis"], result["message"]) == (diagnosis, message)


@pytest.mark.parametrize(
    "body, error",
    [
        (
            "y = x * 2\nraise ValueError('no {way}')",
            {"type": "ValueError", "message": "no {way}", "line": 5, "column": 5},
        ),
        (
            "class Odd(Exception):\n    def __str__(self):\n        raise RuntimeError\nraise Odd()",
            {"type": "Odd", "message": "(no message)", "line": 7, "column": 5},
        ),
    ],
)
def test_an_error_is_marked_at_the_learners_line_and_column(body, error):
    assert grade_submission(DOUBLE, f_program(body))["error"] == error


def test_a_value_made_once_at_the_top_and_used_in_every_case_counts():
    assert grade_submission(DOUBLE, "from engine import Value\nTWO = Value(2.0)\n\ndef f(x):\n    return x * TWO\n")[
        "passed"
    ]


def test_a_power_whose_exponent_python_writes_with_an_e_is_the_engines_own():
    assert grade_submission(tiny_exercise("return x ** 1e-5", [1.0, 2.0]), f_program("return x ** 1e-5"))["passed"]


def test_a_gradient_written_by_hand_counts_for_nothing(results):
    assert results["wrong_writes_grad"]["diagnosis"] == "replaces"


def test_feeds_requires_every_supplied_call_to_reach_the_result():
    assert grade(corpus_source("wrong_closed_form_factor"))["diagnosis"] == "bypasses"
    # Without 'feeds: layer' the closed form is still refused: its graph is not the function.
    assert grade(corpus_source("wrong_closed_form_factor"), feeds=[])["diagnosis"] == "closed_form"


def test_a_supplied_function_on_a_vector_feeds_the_result_as_one_on_a_number_does():
    """A block of a model takes a vector: its calls are matched by the numbers of the whole vector."""
    exercise = {
        "id": "twice",
        "function": "twice",
        "arguments": ["x"],
        "values": ["x"],
        "feeds": ["block"],
        "supply": "def block(v):\n    return [vi * 2 for vi in v]\n",
        "solution": "def twice(x):\n    return block(block(x))\n",
        "cases": [{"x": [1.0, -2.0]}, {"x": [0.5, 3.0, 4.0]}],
        "mistakes": [],
    }
    assert grade_submission(exercise, "def twice(x):\n    y = block(x)\n    return block(y)\n")["passed"]
    own_formula = grade_submission(exercise, "def twice(x):\n    return [xi * 4 for xi in x]\n")
    assert own_formula["diagnosis"] == "bypasses"
    # Called on numbers of its own choosing, the block does not feed the result as the reference's does.
    wired = "def twice(x):\n    block([x[0] * 0 + 7.0] * len(x))\n    return block([xi * 2 for xi in x])\n"
    assert grade_submission(exercise, wired)["diagnosis"] == "bypasses"
    # As many calls, reached by the same gradients, but the first on numbers of its own (x + 1, taken back
    # off after): not the reference's calls.
    shifted = "def twice(x):\n    y = block([xi + 1 for xi in x])\n    return block([yi - 2 for yi in y])\n"
    assert grade_submission(exercise, shifted)["diagnosis"] == "bypasses"
    # The same calls on the same numbers, but half of what reaches the output goes round the second.
    around = "def twice(x):\n    y = block(x)\n    return [z * 0.5 + yi for z, yi in zip(block(y), y)]\n"
    assert grade_submission(exercise, around)["diagnosis"] == "bypasses"


def test_a_supplied_call_whose_gradient_cancels_to_zero_feeds_nothing():
    # The mean of the two one-sided slopes also calls f(x), but its two uses cancel: the result is the
    # central difference, fed by the same two calls as the reference, and it passes.
    exercise = lesson_exercise("7.1")[1]
    result = grade_submission(exercise, lesson_source("7.1", "right_average_of_one_sided"))
    assert result["passed"], result["message"]
    # Calls wired in at a weight of zero feed nothing either, so a closed form with them is still refused.
    assert grade_submission(exercise, lesson_source("7.1", "cheat_dead_calls_wired_in"))["diagnosis"] == "bypasses"


PAIR_OF_CALLS = {
    "id": "pair",
    "function": "pair",
    "arguments": ["x"],
    "values": ["x"],
    "feeds": ["block"],
    "supply": "def block(v):\n    return v * 2\n",
    "solution": "def pair(x):\n    return block(x[0]) + block(x[1])\n",
    "cases": [{"x": [1.0, 2.0]}],
    "mistakes": [],
}


@pytest.mark.parametrize(
    "body",
    [
        # (1 / 49) * 49 is 0.9999999999999999: the second call's gradient sorts before the first's, not after.
        "return block(x[0]) + block(x[1]) * (1 / 49) * 49",
        # 0.1 + 0.2 - 0.3 is 0 but for rounding: a third call reached by a gradient of 5.6e-17 feeds nothing.
        "return block(x[0]) + block(x[1]) + block(x[0]) * (0.1 + 0.2 - 0.3)",
    ],
)
def test_the_calls_that_feed_a_right_answer_are_matched_through_rounding(body):
    result = grade_submission(PAIR_OF_CALLS, f"def pair(x):\n    {body}\n")
    assert (result["passed"], result["diagnosis"]) == (True, "correct"), result["message"]


@pytest.mark.parametrize(
    "actual, expected, agrees",
    [
        ([[1.0, 2.0], [3.0, 4.0]], [[1.0, 2.0], [3.0, 4.0]], True),
        ([[1.0, 2.0], [3.0, 4.0 + 1e-15]], [[1.0, 2.0], [3.0, 4.0]], True),
        ([[1.0, 2.0], [3.0, 4.1]], [[1.0, 2.0], [3.0, 4.0]], False),
        (2, 2.0, True),
        # What is not a number is never the same argument, equal or not, and is told without an error.
        (None, None, False),
        ("a", "a", False),
        (True, True, False),
        ([1.0, True], [1.0, True], False),
        ([[1.0], ["x"]], [[1.0], ["y"]], False),
        ([1.0, 2.0], [1.0, 2.0, 3.0], False),
    ],
)
def test_a_calls_argument_is_the_same_only_as_numbers(actual, expected, agrees):
    from grading.grader import same_argument

    assert same_argument(actual, expected, 1e-9) is agrees


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
    result = grade_submission(EXERCISE, STARTER)
    assert result["diagnosis"] == "replaces"


def test_output_is_captured_and_cut():
    result = grade(corpus_source("right_prints_in_loop"))
    assert result["output"].startswith("plain_stack ") and "layer 0 x = 1.1\n" in result["output"]
    assert len(result["output"]) < 4100 and "output cut here" in result["output"]


def test_non_finite_numbers_are_named(results):
    cases = results["wrong_overflows"]["cases"]
    assert cases[0]["cells"]["yours:grad_x"] in ("infinity", "nan (not a number)") and not cases[0]["passed"]


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


def test_an_exercise_is_data_the_grader_round_trips():
    assert Exercise.from_dict(EXERCISE).to_dict() == EXERCISE


LEFT_IN_GLOBALS = (
    "import sys\n"
    + RIGHT_STACK
    + """
kept = residual_stack(Value(1.0), 2000)
sys.gradlab_probe = kept
"""
)

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
    from grading.grader import learner_request
    from grading.learner_side import run_learner

    try:
        run_learner(learner_request(Exercise.from_dict(EXERCISE)), source, [dict(EXERCISE["cases"][0])])
        assert sys.gradlab_probe._children == () and sys.gradlab_probe._local_grads == ()
    finally:
        del sys.gradlab_probe


@pytest.mark.parametrize(
    "number, reads",
    [
        (None, "nothing"),
        ([1.0, 0.5], "[1, 0.5]"),
        (True, "True"),
        (7, "7"),
        (10**16, "1e+16"),
        (math.nan, "nan (not a number)"),
        (math.inf, "infinity"),
        (-math.inf, "minus infinity"),
        (0.0, "0"),
        (1.0, "1"),
        (6.727499949, "6.727"),
        (-2.5, "-2.5"),
        (999999.0, "999999"),
        (1e6, "1e+6"),
        (0.1, "0.1"),
        (1e-20, "1e-20"),
        (0.000123456, "1.235e-4"),
        (123456789.0, "1.235e+8"),
    ],
)
def test_numbers_read_in_messages_by_the_one_number_format(number, reads):
    from grading.messages import short

    assert short(number) == reads


# Issue 26: the ways past the grader, the crashes and poisons, in every lesson's corpus; after each, a
# right answer and a known mistake are graded as ever (the canary).
def canaries(lesson):
    """A lesson's first right answer and its first submission that makes one of the lesson's mistakes."""
    mistakes = {mistake["name"] for mistake in lesson_exercise(lesson)[1]["mistakes"]}
    corpus = load_corpus(lesson)
    right = next(name for name, _, verdict, _ in corpus if name.startswith("right_") and verdict == "passed")
    wrong = next(name for name, _, _, diagnosis in corpus if name.startswith("wrong_") and diagnosis in mistakes)
    return right, wrong


CANARIES = {lesson: canaries(lesson) for lesson in corpus_lessons()}
TRIALS = [
    (lesson, name)
    for lesson in corpus_lessons()
    for name, _, _, _ in load_corpus(lesson)
    if name.startswith(("cheat_", "poison_", "message_")) or name == "right_scales_in_place"
]


def lesson_source(lesson, name):
    return next(source for entry, source, _, _ in load_corpus(lesson) if entry == name)


def expected_of(lesson, name):
    return next(
        (verdict == "passed", diagnosis) for entry, _, verdict, diagnosis in load_corpus(lesson) if entry == name
    )


def python_state():
    return (
        dict(vars(builtins)),
        sys.getrecursionlimit(),
        sys.stdout,
        sys.stderr,
        sys.gettrace(),
        sys.getprofile(),
        sys.excepthook,
        sys.displayhook,
        list(sys.meta_path),
    )


@pytest.mark.parametrize("lesson, name", TRIALS, ids=[f"{lesson}/{name}" for lesson, name in TRIALS])
def test_after_each_trial_a_right_answer_and_a_mistake_are_graded_as_ever(lesson, name):
    exercise, starter = lesson_exercise(lesson)[1], load_starter(lesson)
    before = python_state()
    result = grade_submission(exercise, lesson_source(lesson, name), starter, drawn_for(lesson, name))
    assert (result["passed"], result["diagnosis"]) == expected_of(lesson, name), result["message"]
    for canary in CANARIES[lesson]:
        again = grade_submission(exercise, lesson_source(lesson, canary), starter, drawn_for(lesson, canary))
        assert (again["passed"], again["diagnosis"]) == expected_of(lesson, canary), again["message"]
    assert python_state() == before


POISONS = [(lesson, name) for lesson, name in TRIALS if name.startswith("poison_")]


@pytest.mark.parametrize("lesson, name", POISONS, ids=[f"{lesson}/{name}" for lesson, name in POISONS])
def test_the_learners_interpreter_is_left_as_it_was_found(lesson, name):
    # The learner's side, run here in this very interpreter: whatever the code did to Python is put back.
    from grading.grader import learner_request
    from grading.learner_side import run_learner

    exercise = Exercise.from_dict(lesson_exercise(lesson)[1])
    before = python_state()
    reply = run_learner(learner_request(exercise), lesson_source(lesson, name), [dict(exercise.cases[0])])
    assert python_state() == before
    said = reply["rejected"]["message"] if "rejected" in reply else str(reply["runs"][0]["detail"])
    assert {
        "poison_raises_keyboard_interrupt": "KeyboardInterrupt is what Python raises when a run is stopped",
        "poison_raises_generator_exit": "GeneratorExit is how Python closes a generator",
        "poison_raises_own_base_exception": "Enough is not an Exception but a BaseException",
        "poison_deletes_builtins": "deleted",
        "poison_recursion_limit": "set the recursion limit to ",
        "poison_sets_hooks": "replaced sys.excepthook",
        "poison_replaces_stdout": "replaced sys.stdout",
    }[name] in said


@pytest.mark.parametrize("lesson", corpus_lessons())
def test_messages_that_read_poorly_now_read_well(lesson):
    def message(name):
        return grade_submission(lesson_exercise(lesson)[1], lesson_source(lesson, name))["message"]

    exact = message("message_data_of_a_class_of_its_own")
    # 7.5 grades the gradients a backward writes: there, the number of a class of its own is a gradient
    assert ("the gradient your code left at an input" if lesson == "7.5" else "a node's data") in exact
    assert "is an Exact, not a number" in exact
    exits = message("message_exits")
    assert "called sys.exit(0)" in exits and "could start: 0." not in exits
    zero = message("message_divides_by_zero")
    assert "a division by zero" in zero and "cannot be raised to a negative power" not in zero
    shape = message("message_wrong_shape_returned")
    assert "not its .data" not in shape
    exercise = Exercise.from_dict(lesson_exercise(lesson)[1])
    if exercise.writes_grads:  # what a backward returns is not graded, only what it writes
        assert f"every gradient your {exercise.function} leaves is 0" in shape.lower()
    else:
        returns_a_list = isinstance(run_reference(exercise, exercise.solution, exercise.cases[0]).output, list)
        assert ("Return the whole list of Values" if returns_a_list else "Return the one Value itself") in shape


@pytest.mark.parametrize("lesson", corpus_lessons())
def test_a_closed_form_is_refused_whatever_the_draw(lesson):
    for seed in range(5):
        result = grade_submission(
            lesson_exercise(lesson)[1], lesson_source(lesson, "cheat_closed_form_from_math"), None, random.Random(seed)
        )
        assert not result["passed"], result["message"]


def test_a_node_whose_rule_has_no_value_is_refused_as_forged():
    result = grade_submission(
        DOUBLE, f_program("anchor = x * 0 - 1\nreturn Value(x.data * 2, (anchor,), (2.0,), 'log')")
    )
    assert result["diagnosis"] == "forged_node" and "has no value at all" in result["message"]


def test_code_that_adds_an_audit_hook_gets_a_fresh_interpreter_for_the_next_check():
    hooked = RIGHT_STACK.replace(
        "from engine import Value", "import sys\nfrom engine import Value\nsys.addaudithook(lambda event, args: None)"
    )
    from grading.learner_host import PROCESS

    assert grade(hooked)["passed"]
    assert PROCESS.process is None  # replaced: nothing can take an audit hook away again
    assert not grade(corpus_source("wrong_replaces"))["passed"]


def test_a_right_answer_written_another_way_computes_the_function_wherever_the_check_moves_it():
    """8.3's case of large scores, moved 1% either way, leaves weights all but 0 or 1: the gradients there
    are differences of nearly equal numbers, and a right answer without the shift differs in the last
    digits. Over 300 moves it is never taken for a closed form (it was 2 times in 300)."""
    from grading.grader import computes_the_function, nudge_plan

    exercise = Exercise.from_dict(lesson_exercise("8.3")[1])
    source = lesson_source("8.3", "right_shares_of_differences")
    case = next(case for case in exercise.cases if max(case["q"]) >= 40)
    actual, expected = run_reference(exercise, source, case), run_reference(exercise, exercise.solution, case)
    assert [
        seed
        for seed in range(300)
        if computes_the_function(exercise, actual, nudge_plan(exercise, expected, case, random.Random(seed)))
    ] == []
