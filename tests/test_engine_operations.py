"""The engine is the one source of its operations' rules: an operation added to the engine (tanh, in the
fixture engine tests/fixtures/engine_with_tanh) is graded right with no change in grading/. The grading
runs as the page runs it (grading.browser's three steps, in one interpreter whose engine is the fixture's)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests" / "fixtures" / "engine_with_tanh"

GRADE = """
import json, sys
import engine
from tests.check_steps import check_in_steps
assert engine.__file__.startswith(sys.argv[1]), engine.__file__  # the fixture's engine, not the repository's
print(json.dumps(check_in_steps(sys.argv[2], sys.argv[3])["judge"]))
"""


def program(body):
    return "import math\nfrom engine import Value\n\ndef f(x):\n" + "".join(
        f"    {line}\n" for line in body.splitlines()
    )


EXERCISE = {
    "id": "squash",
    "function": "f",
    "arguments": ["x"],
    "values": ["x"],
    "solution": program("return (x * 2.0).tanh()"),
    "cases": [{"x": x} for x in (-1.5, -0.2, 0.0, 0.3, 2.0)],
    "generate": "def cases(random):\n    return [{'x': random.uniform(-3, 3)} for _ in range(2)]\n",
}


def grade_with_tanh_engine(body):
    """The verdict on f's body, graded where the engine is the fixture's (with tanh)."""
    source = program(body)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(FIXTURE), str(ROOT)])}
    done = subprocess.run(
        [sys.executable, "-c", GRADE, str(FIXTURE), json.dumps(EXERCISE), source],
        capture_output=True,
        text=True,
        env=env,
        cwd=FIXTURE,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize(
    "body",
    [
        "return (2.0 * x).tanh()",
        "y = x + x\nreturn y.tanh()",
        "e = (x * 4.0).exp()\nreturn (e - 1.0) / (e + 1.0)",  # tanh by its formula: the same function
    ],
)
def test_an_honest_answer_using_the_new_operation_is_right(body):
    verdict = grade_with_tanh_engine(body)
    assert (verdict["diagnosis"], verdict["passed"]) == ("correct", True), verdict["message"]


@pytest.mark.parametrize(
    "body, says",
    [
        # the right result, with the gradient of a forgotten chain rule written into the node by hand
        ("y = (x * 2.0).tanh()\nreturn Value(y.data, (x,), (1.0 - y.data ** 2,), 'tanh')", "a 'tanh' node says"),
        ("y = (x * 2.0).tanh()\ny._local_grads = (1.0,)\nreturn y", "a 'tanh' node says its result is"),
        ("y = (x * 2.0).tanh()\ny.data = math.tanh(x.data)\nreturn y", "a 'tanh' node says its result is"),
    ],
)
def test_a_forged_node_of_the_new_operation_is_caught(body, says):
    verdict = grade_with_tanh_engine(body)
    assert verdict["diagnosis"] == "forged_node" and says in verdict["message"], verdict["message"]


def test_a_wrong_answer_using_the_new_operation_is_wrong_not_forged():
    verdict = grade_with_tanh_engine("return x.tanh()")
    assert verdict["diagnosis"] == "wrong", verdict["message"]
