"""The messages a learner or a lesson author reads: numbers, cases, tables and field errors."""

import pytest

from grading.grader import grade_submission
from grading.messages import MessageFieldError, short


def program(body, arguments="x"):
    """A program defining f(arguments) with body."""
    return f"from engine import Value\n\ndef f({arguments}):\n" + "".join(f"    {line}\n" for line in body.splitlines())


SUPPLIED = {
    "id": "f",
    "function": "f",
    "arguments": ["x"],
    "values": ["x"],
    "cases": [{"x": 1}],
    "solution": program("return layer(x) + layer(x)"),
    "supply": "def layer(v):\n    return v * 2\n",
    "feeds": ["layer"],
}
THREE_COLUMNS = {
    "id": "f",
    "function": "f",
    "arguments": ["x", "n", "k"],
    "values": ["x"],
    "labels": {"n": "Depth"},
    "solution": program("return x * n + k", "x, n, k"),
    "cases": [{"x": 1, "n": 2, "k": 0.5}],
}
PAIR = {
    "id": "f",
    "function": "f",
    "arguments": ["x"],
    "values": ["x"],
    "cases": [{"x": 1.5}],
    "solution": program("return [x * 2, x * 3]"),
}
HALVED = program("return [x, x * 1.5]")


def with_mistake_message(message):
    """PAIR with one mistake, HALVED, whose message is message."""
    return {**PAIR, "mistakes": [{"name": "halved", "source": HALVED, "message": message}]}


@pytest.mark.parametrize(
    "body, calls",
    [
        ("return x * 4", "yours on 0"),
        ("return layer(x) * 2", "yours on 1"),
        (
            "return layer(x) * 1.5 + layer(x) * 0.5",
            "yours on 2, but called on other numbers or with other gradients reaching them",
        ),
    ],
)
def test_right_numbers_that_bypass_the_supplied_function_are_told_how(body, calls):
    result = grade_submission(SUPPLIED, program(body))
    assert (result["diagnosis"], result["message"]) == (
        "bypasses",
        "For x 1 your numbers are right, but they do not all come through layer: the reference's result "
        f"depends on 2 of its calls, {calls}. The grade counts only what flows through the layer the exercise gives "
        "you, so build the result from its calls rather than from a formula of your own.",
    )


def test_a_case_of_three_columns_reads_as_a_list_with_labels():
    result = grade_submission(THREE_COLUMNS, program("return x * n", "x, n, k"))
    assert result["message"] == (
        "For x 1, depth 2 and k 0.5, the output is 2 where 2.5 was expected. Compare what your "
        "f does at each step with what the lesson describes, on this case."
    )


def test_a_table_of_three_columns_has_each_then_expected_and_yours_for_each_quantity():
    result = grade_submission(THREE_COLUMNS, program("return x * n", "x, n, k"))
    assert result["columns"] == [
        {"key": "x", "label": "x"},
        {"key": "n", "label": "Depth"},
        {"key": "k", "label": "k"},
        {"key": "expected:output", "label": "Expected output"},
        {"key": "yours:output", "label": "Your output"},
        {"key": "expected:grad_x", "label": "Expected grad_x"},
        {"key": "yours:grad_x", "label": "Your grad_x"},
    ]
    assert result["cases"] == [
        {
            "cells": {
                "x": "1",
                "n": "2",
                "k": "0.5",
                "expected:output": "2.5",
                "yours:output": "2",
                "expected:grad_x": "2",
                "yours:grad_x": "2",
            },
            "passed": False,
            "drawn": False,
        }
    ]


def test_a_run_that_raised_has_dashes_in_its_columns():
    result = grade_submission(THREE_COLUMNS, program("return x / 0", "x, n, k"))
    cells = result["cases"][0]["cells"]
    assert (cells["expected:output"], cells["yours:output"], cells["yours:grad_x"]) == ("2.5", "—", "—")


def test_the_table_the_exercise_declares_is_the_one_shown_in_its_order():
    result = grade_submission({**PAIR, "table": ["grad_x", "x"]}, program("return [x * 2, x]"))
    assert result["message"].startswith(
        "For x 1.5, the output is [3, 1.5] where [3, 4.5] was expected; the gradient "
        "at x is 3 where 5 was expected. Compare"
    )
    assert [column["key"] for column in result["columns"]] == ["expected:grad_x", "yours:grad_x", "x"]
    assert result["cases"][0]["cells"] == {"expected:grad_x": "5", "yours:grad_x": "3", "x": "1.5"}


def test_a_mistake_message_formats_numbers_and_lists_as_its_author_wrote():
    message = (
        "For {case} you gave {yours.output:.2f} ({yours.grad_x}), not {expected.output:.1f}; the mistake gives "
        "{halved.output}; case {case.x:.3f} of {count}, in {function}."
    )
    result = grade_submission(with_mistake_message(message), HALVED)
    assert (result["diagnosis"], result["message"]) == (
        "halved",
        "For x 1.5 you gave [1.50, 2.25] (2.5), not [3.0, 4.5]; the mistake gives [1.5, 2.25]; case 1.500 of 1, in f.",
    )


def test_the_passed_message_of_the_exercise_has_its_fields_filled():
    result = grade_submission(
        {**PAIR, "passed_message": "All {count} cases of {function} agree."}, program("return [x * 2, x * 3]")
    )
    assert (result["passed"], result["message"]) == (True, "All 1 cases of f agree.")


@pytest.mark.parametrize(
    "message, missing",
    [
        ("{yours.grad_y}", "grad_y"),
        ("{expected.grad_y}", "grad_y"),
        ("{case.depth}", "case.depth"),
        ("{nobody.output}", "'nobody'"),
        ("{halved.grad_y}", "grad_y"),
        ("{0}", "Format string contains positional fields"),
    ],
)
def test_a_message_naming_a_field_that_does_not_exist_tells_the_author_which_exist(message, missing):
    with pytest.raises(MessageFieldError) as caught:
        grade_submission(with_mistake_message(message), HALVED)
    assert str(caught.value) == (
        f"the message {message!r}… uses a field that does not exist ({missing}); the fields are case, case.<column>, "
        "yours.output, expected.output, yours.grad_x, count, function, halved.output"
    )


@pytest.mark.parametrize(
    "message, refused",
    [
        ("{case._exercise}", "case._exercise"),
        ("{yours._run}", "yours._run"),
        ("{case.__class__}", "case.__class__"),
        ("{function.upper}", "function.upper"),
        ("{count.real}", "count.real"),
        ("{case[0]}", "case[0]"),
        ("{case!r}", "!r: a field is shown as it is, in a format such as :.2f"),
        ("{yours.output.value}", "yours.output.value"),
    ],
)
def test_a_message_reaches_only_plain_values_never_the_objects_behind_them(message, refused):
    with pytest.raises(MessageFieldError) as caught:
        grade_submission(with_mistake_message(message), HALVED)
    assert f"uses a field that does not exist ({refused})" in str(caught.value)


def test_a_field_error_quotes_only_the_start_of_a_long_message():
    message = "x" * 70 + "{nobody}"
    with pytest.raises(MessageFieldError) as caught:
        grade_submission(with_mistake_message(message), HALVED)
    assert str(caught.value).startswith(f"the message {'x' * 60!r}… uses a field that does not exist ('nobody')")


def test_an_error_raised_outside_the_learners_lines_is_told_without_a_line():
    result = grade_submission(PAIR, "f = len\n")
    assert (result["diagnosis"], result["message"]) == (
        "raised",
        "f raised TypeError when called with x 1.5: object of type 'Value' has no len(). "
        "Follow what your code does with those values, then check again.",
    )  # no line of its own to read


def test_bypassing_two_supplied_functions_names_both():
    exercise = {
        **SUPPLIED,
        "supply": "def layer(v):\n    return v * 2\n\ndef norm(v):\n    return v * 1\n",
        "feeds": ["layer", "norm"],
        "solution": program("return norm(layer(x))"),
    }
    assert grade_submission(exercise, program("return x * 2"))["message"] == (
        "For x 1 your numbers are right, but they do not all come through layer and norm: the reference's result "
        "depends on 2 of its calls, yours on 0. The grade counts only what flows through the layer and norm the "
        "exercise gives you, so build the result from its calls rather than from a formula of your own."
    )


DOUBLE = {**PAIR, "cases": [{"x": 1}], "solution": program("return x * 2")}


@pytest.mark.parametrize(
    "body, message",
    [
        (
            "y = x * 2\ny.data = 10 ** 400\nreturn y",
            "The result that f returned for x 1 cannot be traced back: its numbers cannot be carried back (int too large to "
            "convert to float). Build each step with Value operations (+, *, relu…) instead of making Values by hand.",
        ),
        (
            "y = x * 2\ny.data = 5.0\nreturn y",
            "The graph that f built for x 1 has a node whose numbers no operation of the engine gives: a '*' node says its "
            "result is 5.0 with local gradients (2, 1.0), but '*' of (1.0, 2) gives 2.0 with (2, 1.0). The grade counts only "
            "gradients that the engine computes through the graph your code builds, so build every step with the engine's "
            "own operations.",
        ),
    ],
)
def test_a_graph_the_engine_did_not_make_is_told_in_full(body, message):
    assert grade_submission(DOUBLE, program(body))["message"] == message


@pytest.mark.parametrize(
    "number, reads", [(10**15, "1e+15"), (1.23456, "1.235"), (0.00001, "1e-5"), (-0.00001, "-1e-5")]
)
def test_numbers_at_the_edges_of_each_format_read_short(number, reads):
    assert short(number) == reads


def test_a_field_error_names_one_mistakes_fields_as_an_example():
    exercise = with_mistake_message("{nobody}")
    exercise["mistakes"].append({"name": "other", "source": program("return [x, x]"), "message": "Other."})
    with pytest.raises(MessageFieldError) as caught:
        grade_submission(exercise, HALVED)
    assert str(caught.value).endswith("count, function, halved.output")
