"""The Run button's Python: the learner's whole program, isolated like a Check, its errors told in its own lines."""

import sys

import pytest

from engine import Value
from grading.runner import run_program

RAISES_IN_A_FUNCTION = """def f():
    return 1/0

f()
"""


def test_a_program_that_runs_prints_as_it_goes_and_is_ok(capsys):
    assert run_program('if __name__ == "__main__":\n    print("hello from main")\n') == {"ok": True, "error": None}
    assert capsys.readouterr().out == "hello from main\n"


def test_an_error_is_told_with_the_learners_own_lines_only():
    error = run_program(RAISES_IN_A_FUNCTION)["error"]
    assert (error["type"], error["message"], error["line"], error["column"]) == (
        "ZeroDivisionError",
        "division by zero",
        2,
        12,
    )
    assert error["traceback"] == (
        "Traceback (most recent call last):\n"
        '  File "your code", line 4, in <module>\n    f()\n'
        '  File "your code", line 2, in f\n    return 1/0\n           ~^~\n'
        "ZeroDivisionError: division by zero\n"
    )


def test_a_syntax_error_is_told_with_its_line_and_column():
    error = run_program("x = 1\ny = (1,\n")["error"]
    assert (error["type"], error["message"], error["line"], error["column"]) == (
        "SyntaxError",
        "'(' was never closed",
        2,
        5,
    )
    assert (
        error["traceback"]
        == "  File \"your code\", line 2\n    y = (1,\n        ^\nSyntaxError: '(' was never closed\n"
    )


@pytest.mark.parametrize(
    "source, error_type",
    [
        ("import sys\nsys.exit(3)\n", "SystemExit"),
        ("raise KeyboardInterrupt\n", "KeyboardInterrupt"),
        ("import grading\n", "GraderImport"),
    ],
)
def test_exits_interrupts_and_the_grader_are_errors_the_learner_reads(source, error_type):
    result = run_program(source)
    assert not result["ok"] and result["error"]["type"] == error_type and result["error"]["line"] is not None


def test_patches_do_not_outlive_the_run():
    original_add = Value.__add__
    assert run_program("from engine import Value\nValue.__add__ = None\nValue.tanh = len\n")["ok"]
    assert Value.__add__ is original_add and not hasattr(Value, "tanh")


KEPT_IN_GLOBALS = """import sys
from engine import Value
x = Value(1.0)
for _ in range(2000):
    x = x + 1
sys.gradlab_probe = x
"""

KEPT_IN_A_LIST = KEPT_IN_GLOBALS.replace("sys.gradlab_probe = x", "kept = [x]\nsys.gradlab_probe = x\ndel x")

KEPT_IN_A_RAISING_FRAME = """import sys
from engine import Value

def build():
    x = Value(1.0)
    for _ in range(2000):
        x = x + 1
    sys.gradlab_probe = x
    raise ValueError("gave up after building")

build()
"""


@pytest.mark.parametrize("source", [KEPT_IN_GLOBALS, KEPT_IN_A_LIST, KEPT_IN_A_RAISING_FRAME])
def test_graphs_the_program_leaves_behind_are_taken_apart(source):
    # In Pyodide, dropping a deep graph whole kills the interpreter; the runner must cut it first.
    try:
        run_program(source)
        assert sys.gradlab_probe._children == () and sys.gradlab_probe._local_grads == ()
    finally:
        del sys.gradlab_probe
