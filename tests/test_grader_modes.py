"""The exercise modes for lessons whose learner writes the engine's own parts (7.4, 7.5): hand-made
nodes taken as given (builds_nodes), gradients written by the learner's backward (writes_grads), and
the engine's own parts switched off while the learner's code runs, and only then."""

from engine import Value
from grading import learner_side
from grading.exercise import Exercise
from grading.grader import grade_submission, learner_request

MULTIPLY = """from engine import Value

def multiply(a, b):
    return Value(a.data * b.data, (a, b), ({rates}), "*")
"""


def multiply_exercise(**modes):
    return {
        "id": "multiply",
        "function": "multiply",
        "arguments": ["a", "b"],
        "values": ["a", "b"],
        "solution": MULTIPLY.format(rates="b.data, a.data"),
        "cases": [{"a": 2.0, "b": 3.0}, {"a": -1.5, "b": 0.5}],
        **modes,
    }


def test_a_hand_made_node_is_graded_by_its_numbers_only_when_the_exercise_builds_nodes():
    swapped = MULTIPLY.format(rates="a.data, b.data")
    assert grade_submission(multiply_exercise(), swapped)["diagnosis"] == "forged_node"
    verdict = grade_submission(multiply_exercise(builds_nodes=True), swapped)
    assert verdict["diagnosis"] == "no_gradient"
    assert "local gradients your nodes store" in verdict["message"]
    assert grade_submission(multiply_exercise(builds_nodes=True), MULTIPLY.format(rates="b.data, a.data"))["passed"]


def test_the_engines_operations_are_refused_while_a_builds_nodes_answer_runs():
    engine_product = "def multiply(a, b):\n    return a * b\n"
    verdict = grade_submission(multiply_exercise(builds_nodes=True), engine_product)
    assert verdict["diagnosis"] == "bypasses"
    assert "switched off" in verdict["message"]
    assert grade_submission(multiply_exercise(), engine_product)["passed"]  # the same learner process, as ever


def test_the_engine_works_again_once_the_learners_code_has_run():
    request = learner_request(Exercise.from_dict(multiply_exercise(builds_nodes=True, writes_grads=False)))
    reply = learner_side.run_learner(request, "def multiply(a, b):\n    return a * b\n", [{"a": 2.0, "b": 3.0}])
    assert reply["runs"][0]["problem"] == "bypasses"
    x = Value(2.0)
    y = x * 3.0 + x.exp()
    y.backward()
    assert y._op == "+" and x.grad == 3.0 + x.exp().data


def test_writes_grads_grades_the_gradients_the_learners_function_writes():
    backward = """def backward(root):
    order, seen, stack = [], set(), [(root, False)]
    while stack:
        node, done = stack.pop()
        if done:
            order.append(node)
        elif id(node) not in seen:
            seen.add(id(node))
            stack.append((node, True))
            stack.extend((child, False) for child in node._children)
    root.grad = 1.0
    for node in reversed(order):
        for child, rate in zip(node._children, node._local_grads):
            child.grad {assign} rate * node.grad
"""
    exercise = {
        "id": "backward",
        "function": "backward",
        "arguments": ["root"],
        "values": ["x", "y"],
        "solution": backward.format(assign="+="),
        "supply": "def shared(x, y):\n    s = x * y\n    return s * s + x\n\n\ndef chain(x, y):\n"
        "    for _ in range(depth):\n        x = x + y * 0.5\n    return x\n",
        "cases": [
            {"root": "shared", "x": 2.0, "y": 3.0, "depth": 0},
            {"root": "chain", "x": 1.0, "y": 2.0, "depth": 3000},
        ],
        "writes_grads": True,
    }
    assert grade_submission(exercise, backward.format(assign="+="))["passed"]
    assert grade_submission(exercise, backward.format(assign="="))["diagnosis"] == "no_gradient"
    refused = grade_submission(exercise, "def backward(root):\n    root.backward()\n")
    assert refused["diagnosis"] == "bypasses" and "backward" in refused["message"]
    recursive = """def backward(root):
    order = []
    def visit(node):
        if node not in order:
            for child in node._children:
                visit(child)
            order.append(node)
    visit(root)
    root.grad = 1.0
    for node in reversed(order):
        for child, rate in zip(node._children, node._local_grads):
            child.grad += rate * node.grad
"""
    deep = grade_submission(exercise, recursive)
    assert deep["diagnosis"] == "raised" and "RecursionError" in deep["message"]
    assert "deeper per node" in deep["message"]


def test_the_graph_view_of_a_writes_grads_exercise_shows_the_gradients_the_function_wrote():
    from grading.graph_view import graphs_json, reference_beside
    from tests.corpus import lesson_exercise, load_corpus

    exercise = lesson_exercise("7.5")[1]
    assigns = next(source for name, source, _, _ in load_corpus("7.5") if name == "wrong_assigns")
    view = graphs_json(exercise, assigns)
    inputs = {node["input"]: node["grad"] for node in view["yours"]["nodes"] if node["input"]}
    assert inputs == {"a": 18.0, "b": 12.0, "c": 6.0}  # d kept only e's share, 6, of its 13
    reference = reference_beside(exercise, view["case"], view["yours"])
    assert {node["input"]: node["grad"] for node in reference["nodes"] if node["input"]}["a"] == 39.0
