"""The graph a learner's function builds, as the page draws it: gradients, the highway, folds, limits."""
import time

from grading.graph_view import NODE_LIMIT, graphs_json
from tests.corpus import RIGHT_STACK, lesson_exercise

EXERCISE = lesson_exercise("8.6")[1]
REPLACES = RIGHT_STACK.replace("x = x + layer(x)", "x = layer(x)")


def test_the_right_stack_at_depth_3_has_its_highway_and_the_checks_gradient():
    graphs = graphs_json(EXERCISE, RIGHT_STACK)
    yours = graphs["yours"]
    assert graphs["reference"] is None and graphs["block"] == "layer"
    assert yours["total"] == len(yours["nodes"]) == 13  # x, then per layer: 0.1, *, relu, +
    assert yours["highway"]
    assert [node["op"] for node in yours["nodes"] if node["highway"]] == ["x", "+", "+", "+"]
    (x,) = [node for node in yours["nodes"] if node["input"] == "x"]
    assert abs(x["grad"] - 1.1**3) < 1e-12 and x["data"] == 2.5
    assert [edge["rate"] for edge in yours["edges"] if edge["highway"]] == [1.0, 1.0, 1.0]
    assert sum(node["call"] == "layer" for node in yours["nodes"]) == 3


def test_replacing_x_has_no_highway_and_brings_the_reference():
    graphs = graphs_json(EXERCISE, REPLACES)
    assert not graphs["yours"]["highway"] and graphs["reference"]["highway"]
    (x,) = [node for node in graphs["yours"]["nodes"] if node["input"] == "x"]
    assert abs(x["grad"] - 0.1**3) < 1e-15


def test_twenty_layers_fold_seventeen_alike():
    yours = graphs_json(EXERCISE, RIGHT_STACK, case_index=0)["yours"]
    assert yours["total"] == 81
    (fold,) = yours["folds"]
    assert fold["blocks"] == 17 and fold["nodes"] == 17 * 4
    assert len(yours["nodes"]) == 81 - 17 * 4
    shown = {node["id"] for node in yours["nodes"]}
    assert all(edge["from"] in shown and edge["to"] in shown for edge in yours["edges"])


def test_a_graph_too_big_to_draw_is_refused_before_it_is_walked_in_full():
    huge = RIGHT_STACK + "\n_real = residual_stack\ndef residual_stack(x, depth=20):\n    return _real(x, 20000)\n"
    started = time.perf_counter()
    yours = graphs_json(EXERCISE, huge)["yours"]
    assert f"more than {NODE_LIMIT:,} nodes" in yours["problem"]
    assert time.perf_counter() - started < 5


def test_code_that_cannot_run_says_why():
    assert "NameError" in graphs_json(EXERCISE, "def residual_stack(x, depth):\n    return y\n")["yours"]["problem"]
    assert "could not read" in graphs_json(EXERCISE, "def residual_stack(x, depth)\n")["yours"]["problem"]
