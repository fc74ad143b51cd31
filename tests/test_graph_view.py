"""The graph a learner's function builds, as the page draws it: gradients, the highway, folds, limits."""

import time

from grading.exercise import Exercise, graph_cases
from grading.graph_view import NODE_LIMIT, graphs_json, reference_beside
from tests.corpus import RIGHT_STACK, lesson_exercise

EXERCISE = lesson_exercise("8.6")[1]
REPLACES = RIGHT_STACK.replace("x = x + layer(x)", "x = layer(x)")


def test_the_right_stack_at_depth_3_has_its_highway_and_the_checks_gradient():
    graphs = graphs_json(EXERCISE, RIGHT_STACK)
    yours = graphs["yours"]
    assert graphs["block"] == "layer" and reference_beside(EXERCISE, graphs["case"], yours) is None
    assert yours["total"] == len(yours["nodes"]) == 13  # x, then per layer: 0.1, *, relu, +
    assert yours["highway"]
    assert [node["op"] for node in yours["nodes"] if node["highway"]] == ["x", "+", "+", "+"]
    (x,) = [node for node in yours["nodes"] if node["input"] == "x"]
    assert abs(x["grad"] - 1.1**3) < 1e-12 and x["data"] == 2.5
    assert [edge["rate"] for edge in yours["edges"] if edge["highway"]] == [1.0, 1.0, 1.0]
    assert sum(node["call"] == "layer" for node in yours["nodes"]) == 3


def test_replacing_x_has_no_highway_and_brings_the_reference():
    graphs = graphs_json(EXERCISE, REPLACES)
    assert not graphs["yours"]["highway"] and reference_beside(EXERCISE, graphs["case"], graphs["yours"])["highway"]
    (x,) = [node for node in graphs["yours"]["nodes"] if node["input"] == "x"]
    assert abs(x["grad"] - 0.1**3) < 1e-15


def test_twenty_layers_fold_seventeen_alike():
    yours = graphs_json(EXERCISE, RIGHT_STACK, case_index=0)["yours"]
    assert yours["total"] == 81
    # Blocks 1 and 2 are drawn, then 17 folded between the node 8 that ends block 2 and the node 77 that starts block 20.
    assert yours["folds"] == [{"id": "fold-0", "blocks": 17, "nodes": 17 * 4, "after": 8, "before": 77}]
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


TWO_INPUTS = {
    "id": "g",
    "function": "g",
    "arguments": ["b", "a"],
    "values": ["b", "a"],
    "labels": {"block": "step"},
    "solution": "def g(b, a):\n    return a * b + a\n",
    "cases": [{"b": 3.0, "a": 2.0}],
}


def node(id, op, data, grad, input=None, output=False, highway=False):
    return {
        "id": id,
        "op": op,
        "data": data,
        "grad": grad,
        "input": input,
        "call": None,
        "output": output,
        "highway": highway,
    }


def edge(source, to, rate, highway=False):
    return {"from": source, "to": to, "rate": rate, "highway": highway}


def test_the_page_gets_every_node_and_edge_of_a_wrong_graph_and_the_references_beside_it():
    graphs = graphs_json(TWO_INPUTS, "def g(b, a):\n    return a * b + a * 2\n")
    assert graphs == {
        "case": 0,
        "block": "step",
        "yours": {
            "nodes": [
                node(0, "a", 2.0, 5.0, "a"),
                node(1, "b", 3.0, 2.0, "b"),
                node(2, "*", 6.0, 1.0),
                node(3, "number", 2.0, 2.0),
                node(4, "*", 4.0, 1.0),
                node(5, "+", 10.0, 1.0, output=True),
            ],
            "edges": [
                edge(0, 2, 3.0),
                edge(1, 2, 2.0),
                edge(0, 4, 2.0),
                edge(3, 4, 2.0),
                edge(2, 5, 1.0),
                edge(4, 5, 1.0),
            ],
            "folds": [],
            "boxes": [],
            "highway": False,
            "total": 6,
        },
    }
    assert reference_beside(TWO_INPUTS, graphs["case"], graphs["yours"]) == {
        "nodes": [
            node(0, "a", 2.0, 4.0, "a", highway=True),
            node(1, "b", 3.0, 2.0, "b"),
            node(2, "*", 6.0, 1.0),
            node(3, "+", 8.0, 1.0, output=True, highway=True),
        ],
        "edges": [edge(0, 2, 3.0), edge(1, 2, 2.0), edge(2, 3, 1.0), edge(0, 3, 1.0, highway=True)],
        "folds": [],
        "boxes": [],
        "highway": True,
        "total": 4,
    }


def test_the_learners_graph_never_runs_the_reference_and_the_judges_side_runs_it(tmp_path):
    ran = tmp_path / "the reference ran"
    marking = {**TWO_INPUTS, "solution": f"open({str(ran)!r}, 'w').close()\n" + TWO_INPUTS["solution"]}
    graphs = graphs_json(marking, "def g(b, a):\n    return a * b\n")
    assert graphs["yours"]["total"] == 3 and not ran.exists()  # drawn in the learner's worker, beside learner code
    assert reference_beside(marking, graphs["case"], graphs["yours"])["total"] == 4 and ran.exists()


def test_a_learners_graph_that_is_not_one_brings_the_reference():
    reference = reference_beside(TWO_INPUTS, 0, graphs_json(TWO_INPUTS, TWO_INPUTS["solution"])["yours"])
    assert reference is None  # the same gradients: nothing beside
    for sent in (None, "graph", {"nodes": "graph"}, {"nodes": [{"input": "a"}]}, {"problem": "NameError"}):
        assert reference_beside(TWO_INPUTS, 0, sent)["total"] == 4, sent


def test_the_same_gradients_in_another_order_bring_no_reference():
    graphs = graphs_json(TWO_INPUTS, "def g(b, a):\n    return b * a + a\n")
    assert [n["input"] for n in graphs["yours"]["nodes"] if n["input"]] == ["b", "a"]
    assert reference_beside(TWO_INPUTS, graphs["case"], graphs["yours"]) is None


def test_five_layers_fold_the_two_between_the_first_two_and_the_last():
    shallow = {**EXERCISE, "cases": [{"depth": 5, "x": 1.0, "rate": 0.1}, {"depth": 4, "x": 1.0, "rate": 0.1}]}
    assert graphs_json(shallow, RIGHT_STACK, 0)["yours"]["folds"] == [
        {"id": "fold-0", "blocks": 2, "nodes": 8, "after": 8, "before": 17}
    ]
    assert (
        graphs_json(shallow, RIGHT_STACK, 1)["yours"]["folds"] == []
    )  # four are drawn whole: a note would stand for one


def test_an_exercise_whose_cases_are_all_drawn_shows_cases_drawn_from_a_fixed_seed():
    drawn_only = {**EXERCISE, "cases": []}
    cases = graph_cases(Exercise.from_dict(drawn_only))
    assert len(cases) == 2 and cases == graph_cases(Exercise.from_dict(drawn_only))  # the page lists these very ones
    graphs = graphs_json(drawn_only, RIGHT_STACK, 1)
    (x,) = [node for node in graphs["yours"]["nodes"] if node["input"] == "x"]
    assert graphs["case"] == 1 and x["data"] == float(cases[1]["x"])


def test_a_given_block_that_makes_many_nodes_is_one_box_between_what_it_got_and_what_it_returned():
    block, exercise = lesson_exercise("9.3")
    graph = graphs_json(exercise, block["solution"], 0)["yours"]
    assert [box["name"] for box in graph["boxes"]] == ["rmsnorm", "attention", "rmsnorm", "mlp", "output_head"]
    assert graph["total"] == 213 and len(graph["nodes"]) == 19  # the two inputs, the sums, and the results
    shown = {node["id"] for node in graph["nodes"]}
    for box in graph["boxes"]:
        assert box["nodes"] >= 10 and set(box["from"]) <= shown and set(box["to"]) <= shown
        # What led to its results is in the box, or is what the box was given.
        assert all(edge["from"] in box["from"] for edge in graph["edges"] if edge["to"] in box["to"])
    inputs = [node["id"] for node in graph["nodes"] if node["input"]]
    assert graph["boxes"][0]["from"] == inputs  # rmsnorm of x, the learner's input
    # A toy layer of two nodes is drawn in full: its rate and relu are the lesson.
    assert graphs_json(EXERCISE, RIGHT_STACK)["yours"]["boxes"] == []
