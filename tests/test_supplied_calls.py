"""The supplied calls a Check's graph stands on (grading/supplied_calls.py): shipped as their results
alone, made again by the judge, and carried back through by the judge's backward as the engine would."""

import copy
import random

import pytest

from grading import grader, learner_side, supplied_calls
from grading.exercise import Exercise
from grading.judge import evaluated_at, verified

# block takes a vector and a number, and gives back a vector one longer: a model's block, in small.
SUPPLY = """
def block(v, k):
    return [vi * k + (vi * vi).exp() * 0.1 for vi in v] + [sum(v) * 0.5]
"""
REQUEST = {"supply": SUPPLY, "feeds": ["block"]}
CASE = {"x": [0.5, -1.0, 2.0]}


def network(x, block):
    """Two calls of block, the second on part of the first's results, and nodes of the learner's own."""
    first = block(x, 2)
    second = block([first[0] + first[3], first[1].relu()], 3)
    return [second[0] * second[2], (second[1] + x[2]).exp() * 0.01]


def shipped(boxed, case=CASE, learner=network, request=REQUEST):
    """(the shipped graph of learner on case, its outputs, its input Values), as a Check ships it."""
    calls = []
    supplied = learner_side.supplies(request, case, calls)
    x = learner_side.fresh_input(case["x"])
    outputs = learner(x, supplied["block"])
    return learner_side.ship(outputs, True, {"x": x}, calls, boxed=boxed), outputs, x


def engine_gradients(case=CASE, learner=network):
    """The outputs' data and the gradient of their sum at x, by the engine's own backward on the whole graph."""
    _, outputs, x = shipped(False, case, learner)
    sum(outputs).backward()
    return [out.data for out in outputs], [xi.grad for xi in x]


def judged(graph, case=CASE):
    return verified(graph, supplied=supplied_calls.for_case(SUPPLY, ["block"], case))


def test_each_call_is_shipped_as_its_results_and_judged_as_the_engine_would():
    graph, _, _ = shipped(True)
    whole, _, _ = shipped(False)
    assert [name for name, _ in graph["boxes"]] == ["block", "block"]
    assert [template for _, template in graph["boxes"]] == [[[None, None, None], 2], [[None, None], 3]]
    assert len(graph["data"]) < len(whole["data"]) / 2  # what happens inside the calls stays there
    run = judged(graph)
    output, grads = engine_gradients()
    assert run.problem is None, run
    assert run.output == pytest.approx(output, rel=1e-12)
    assert run.grads["x"] == pytest.approx(grads, rel=1e-12)
    unboxed = verified(whole).fed  # the same calls feed the output, with the same gradients
    assert [arguments for _, arguments in run.fed] == [arguments for _, arguments in unboxed]
    assert [grad for grad, _ in run.fed] == pytest.approx([grad for grad, _ in unboxed], rel=1e-12)
    assert len(run.fed) == 5  # of the first call's 4 results, one is not used and one reaches it through a relu at 0
    assert len(graph["arguments"]) == 2  # written once per call, not once per result


def test_the_graph_worked_out_again_elsewhere_goes_through_the_calls_made_there():
    moved = {"x": [0.6, -0.9, 1.5]}
    output, grads = evaluated_at(judged(shipped(True)[0]).graph, moved)
    wanted_output, wanted_grads = engine_gradients(moved)
    assert output == pytest.approx(wanted_output, rel=1e-12)
    assert grads["x"] == pytest.approx(wanted_grads, rel=1e-12)


def boxed_nodes(graph):
    return [node for node, _, _ in graph["boxed"]]


def test_a_result_whose_data_was_changed_after_the_call_is_forged():
    graph = copy.deepcopy(shipped(True)[0])
    graph["data"][boxed_nodes(graph)[0]] += 0.5
    run = judged(graph)
    assert run.problem == "forged_node"
    assert "a result of block says it is" in run.detail and "block of the numbers it was given gives" in run.detail


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda g: g["boxes"][0].__setitem__(0, "sum"), "sum is not a function the exercise supplies"),
        (lambda g: g["boxes"][0][1].__setitem__(1, "2"), "an argument of the call is not a number"),
        (lambda g: g["boxes"][0][1][0].append(None), "fewer Values than its arguments hold"),
        (lambda g: g["boxes"][0][1][0].pop(), "more Values than its arguments hold"),
        (lambda g: g["boxed"][0].__setitem__(2, 9), "gives no Value in place 10"),
    ],
)
def test_a_call_the_judge_cannot_make_again_is_forged(change, says):
    graph = copy.deepcopy(shipped(True)[0])
    change(graph)
    run = judged(graph)
    assert run.problem == "forged_node" and says in run.detail, run


def test_a_call_that_raises_when_made_again_is_forged():
    graph = copy.deepcopy(shipped(True)[0])
    graph["boxes"][0][1][1] = 10**400  # the call itself cannot be made on it: float overflow
    run = judged(graph)
    assert run.problem == "forged_node" and "block of those numbers raises OverflowError" in run.detail


def test_a_call_that_cannot_be_made_is_kept_and_told_anew_each_time():
    calls = supplied_calls.SuppliedCalls(SUPPLY, ("block",), CASE)
    told = []
    for _ in range(2):
        with pytest.raises(supplied_calls.NoValue) as error:
            calls.result("block", "too large", [[None], 10**400], 0, 1.0)
        told.append(error.value)
    assert len(calls.worked_out) == 1 and str(told[0]) == str(told[1]) and told[0] is not told[1]


@pytest.mark.parametrize(
    "change",
    [
        lambda g: g.__setitem__("boxes", [["block", "not a template"]]),
        lambda g: g["boxed"][0].__setitem__(1, 5),
        lambda g: g["boxed"][0].__setitem__(0, len(g["data"])),
        lambda g: g["boxed"][0].__setitem__(2, -1),
        lambda g: g["boxed"][0].pop(),
        lambda g: g["arguments"].__setitem__(0, "not a list"),
        lambda g: g["calls"][0].__setitem__(1, len(g["arguments"])),
    ],
)
def test_boxes_and_calls_altered_on_the_way_are_a_broken_graph(change):
    graph = copy.deepcopy(shipped(True)[0])
    change(graph)
    assert judged(graph).problem == "broken_graph"


def test_boxes_without_the_cases_calls_to_make_them_again_are_refused():
    run = verified(shipped(True)[0])
    assert run.problem == "broken_graph"
    assert verified(
        shipped(True)[0], builds_nodes=True, supplied=supplied_calls.for_case(SUPPLY, ["block"], CASE)
    ).problem


def test_a_call_that_gives_back_what_it_was_given_or_made_before_is_shipped_node_by_node():
    supply = SUPPLY + "\n\ndef back(v, k):\n    return [v[0], v[1]._children[0]]\n"
    request = {"supply": supply, "feeds": ["block", "back"]}

    def learner(x, block):
        h = x[0] * 2
        return [value * 3 for value in supplied["back"]([h + 1, h + x[1]], 0)]

    calls = []
    supplied = learner_side.supplies(request, CASE, calls)
    x = learner_side.fresh_input(CASE["x"])
    graph = learner_side.ship(learner(x, None), True, {"x": x}, calls, boxed=True)
    assert "boxes" not in graph  # one result is h, made before the call from which its arguments were made
    run = verified(graph, supplied=supplied_calls.for_case(supply, ["block", "back"], CASE))
    assert run.problem is None and run.grads["x"] == [12.0, 0.0, 0.0]


def test_only_the_results_a_call_made_from_what_it_was_given_stand_for_it():
    """A result the call was given back stays the node it was; a leaf it made (no operation inside it to
    leave out) is shipped as a leaf; the result it computed stands for the call."""
    supply = "def split(v):\n    return [v[0], Value(1.5), v[0] * v[1]]\n"
    calls = []
    supplied = learner_side.supplies({"supply": supply, "feeds": ["split"]}, CASE, calls)
    x = learner_side.fresh_input(CASE["x"])
    kept, leaf, product = supplied["split"]([x[0] + 1, x[1] * x[2]])
    graph = learner_side.ship([kept * leaf + product], False, {"x": x}, calls, boxed=True)
    assert [position for _, _, position in graph["boxed"]] == [2]
    assert graph["ops"][graph["boxed"][0][0]] == "split"
    run = verified(graph, supplied=supplied_calls.for_case(supply, ["split"], CASE))
    assert run.problem is None and run.grads["x"] == [1.5 + x[1].data * x[2].data, 3.0, -1.5]


def exercise():
    return Exercise.from_dict(
        {
            "id": "stack",
            "function": "stack",
            "arguments": ["x"],
            "values": ["x"],
            "supply": SUPPLY,
            "feeds": ["block"],
            "solution": "def stack(x):\n    h = block(x, 2)\n    return block([h[0] + h[-1], h[1].relu()], 3)\n",
            "cases": [{"x": [0.5, -1.0, 2.0]}, {"x": [1.5, 0.25]}],
        }
    )


def test_a_right_answers_calls_are_made_once_ahead_with_the_reference(monkeypatch):
    supplied_calls.kept_for.cache_clear()  # calls the tests above made on these cases are not counted
    made = []
    work_out = supplied_calls.SuppliedCalls.work_out
    monkeypatch.setattr(supplied_calls.SuppliedCalls, "work_out", lambda *a: made.append(a[1]) or work_out(*a))
    stack = exercise()
    cases = [(case, False) for case in stack.cases]
    expectations = grader.expect(stack, cases, random.Random(3))
    ahead = len(made)
    assert ahead == 8  # 2 calls a case, at the case and at its inputs moved a little
    reply = learner_side.run_learner(grader.learner_request(stack), stack.solution, [case for case, _ in cases])
    verdict = grader.judge(stack, stack.solution, cases, reply, expectations=expectations)
    assert verdict["passed"], verdict["message"]
    assert len(made) == ahead


def test_a_wrong_answers_calls_are_made_for_it_and_judged():
    stack = exercise()
    wrong = "def stack(x):\n    h = block(x, 2)\n    return block([h[0] + h[-1], h[1]], 3)\n"
    verdict = grader.grade_submission(stack, wrong)
    assert not verdict["passed"] and verdict["diagnosis"] == "wrong"
