"""The judge's reading of a shipped graph (grading/judge.py): the columns grading.learner_side.ship writes,
read back, checked and carried back by the judge's own backward; and what it refuses when the columns were
altered on the way (the learner's interpreter ships them, and nothing it sends is trusted)."""

import copy
import math
import random

import pytest

from engine import Value
from grading.judge import evaluated_at, verified
from grading.learner_side import ship


def shipped_graph(x_data=2.0, w_data=-0.5):
    """A graph with every kind of edge the backward must order: x used by several nodes, x * x (the same
    child twice), a power, relu, exp and log; shipped as the learner's side ships it."""
    x, w = Value(x_data), Value(w_data)
    square = x * x
    hidden = (square * w + x).relu() + (x * w).exp()
    out = (hidden + 3).log() * x + square**-0.5
    return ship([out], False, {"x": x, "w": w}, []), out, (x, w)


def test_the_judges_backward_gives_the_engines_gradients():
    shipped, out, (x, w) = shipped_graph()
    out.backward()
    run = verified(shipped)
    assert run.problem is None
    assert run.output == pytest.approx(out.data, rel=1e-12)
    assert run.grads == {"x": pytest.approx(x.grad, rel=1e-12), "w": pytest.approx(w.grad, rel=1e-12)}


def test_the_graph_worked_out_again_elsewhere_is_the_graph_built_there():
    shipped, _, _ = shipped_graph()
    moved, out, (x, w) = shipped_graph(2.5, -0.25)
    out.backward()
    output, grads = evaluated_at(verified(shipped).graph, {"x": 2.5, "w": -0.25})
    assert output == [pytest.approx(out.data, rel=1e-12)]
    assert grads == {"x": pytest.approx(x.grad, rel=1e-12), "w": pytest.approx(w.grad, rel=1e-12)}


def test_a_supplied_call_feeds_the_output_only_where_a_gradient_reaches_it():
    x = Value(3.0)
    fed, cancelled, unused = x * 2, x * 5, x * 7
    out = fed + cancelled - cancelled  # in the graph, but what reaches it adds up to 0
    shipped = ship(
        [out], False, {"x": x}, [([3.0, 2], fed, None), ([3.0, 5], cancelled, None), ([3.0, 7], unused, None)]
    )
    assert len(shipped["calls"]) == 2  # the unused call's result is not in the graph at all
    assert verified(shipped).fed == [(1.0, (3.0, 2))]


def altered(change):
    shipped, _, _ = shipped_graph()
    shipped = copy.deepcopy(shipped)
    change(shipped)
    return verified(shipped)


def last_with_children(shipped):
    return max(i for i, count in enumerate(shipped["arity"]) if count)


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda s: s["data"].__setitem__(0, "2.0"), "a node's data is not a number"),
        (lambda s: s["data"].__setitem__(0, True), "a node's data is not a number"),
        (lambda s: s["rates"].__setitem__(0, None), "one number as local gradient per child"),
        (lambda s: s["arity"].__setitem__(-1, s["arity"][-1] + 1), "one number as local gradient per child"),
        (lambda s: s["arity"].__setitem__(-1, 1.0), "one number as local gradient per child"),
        (lambda s: s["children"].__setitem__(-1, len(s["data"]) - 1), "round in a circle"),
        (lambda s: s["children"].__setitem__(-1, -1), "one number as local gradient per child"),
        (lambda s: s["children"].pop(), "one number as local gradient per child"),
        (lambda s: s["data"].pop(), "not a graph the grader can read"),
        (lambda s: s.pop("rates"), "not a graph the grader can read"),
        (lambda s: s.__setitem__("children", tuple(s["children"])), "not a graph the grader can read"),
        (lambda s: s.__setitem__("outputs", [len(s["data"])]), "not a graph the grader can read"),
        (lambda s: s.__setitem__("outputs", []), "it has no output"),
        (lambda s: s["rates"].__setitem__(0, 10**400), "cannot be carried back"),
    ],
)
def test_columns_altered_on_the_way_are_a_broken_graph(change, says):
    run = altered(change)
    assert run.problem == "broken_graph" and says in run.detail, run


def test_a_node_whose_numbers_its_operation_does_not_give_is_forged_whatever_the_columns_say():
    def forge(shipped):
        shipped["data"][last_with_children(shipped)] += 1.0

    run = altered(forge)
    assert run.problem == "forged_node" and "says its result is" in run.detail


def test_an_operation_the_engine_does_not_have_is_a_node_made_by_hand():
    run = altered(lambda s: s["ops"].__setitem__(last_with_children(s), "tanh"))
    assert run.problem == "forged_node" and "made by hand" in run.detail
    assert altered(lambda s: s["ops"].__setitem__(last_with_children(s), 7)).problem == "forged_node"


def test_a_large_graph_is_read_whole():
    rng = random.Random(4)
    inputs = [Value(rng.uniform(-1, 1)) for _ in range(6)]
    total = inputs[0]
    for step in range(3000):
        total = total * 0.99 + inputs[step % 6] * rng.uniform(-1, 1)
    total.backward()
    run = verified(ship([total], False, {"x": inputs}, []))
    assert run.grads["x"] == [pytest.approx(v.grad, rel=1e-9) for v in inputs]
    assert not math.isnan(run.output)
