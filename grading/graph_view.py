"""The graph a function built on one case, as JSON for the page to draw: each node's operation, data
and gradient, each edge's local rate, the highway (a road of rate 1 through + nodes only) and
repeated blocks folded. Walked as the grader walks what learner code built (grading.learner_side.walk),
so a graph past the node limit is refused cheaply; carried back by the engine's own backward."""

import io

from engine.graph import backpropagate, dismantle
from grading.exercise import Exercise, call_arguments, graph_cases
from grading.explore import finite
from grading.grader import find_function, fresh_input, returned_values, supplies
from grading.learner_side import Broken, TooBig, walk
from grading.sandbox import (
    Rejected,
    compile_program,
    fresh_namespace,
    learner_code,
    run_program,
    stopped_from_outside,
    take_apart,
)
from grading.shapes import paths

NODE_LIMIT = 2000  # beyond this a drawing says nothing a table could not, and costs seconds
SHOWN_BLOCKS = (2, 1)  # of a run of like blocks, the first two and the last one are drawn


def graphs_json(exercise, source, case_index=None):
    """The learner's graph on one case of graph_cases (the exercise's graph case unless told another) and,
    when its gradients differ from the reference's there, the reference's graph beside it."""
    exercise = exercise if isinstance(exercise, Exercise) else Exercise.from_dict(exercise)
    index = exercise.graph_case if case_index is None else int(case_index)
    case = graph_cases(exercise)[index]
    yours = graph_of(exercise, source, case)
    reference = graph_of(exercise, exercise.solution, case)
    differs = "problem" in yours or any(a["grad"] != b["grad"] for a, b in zip(inputs_of(yours), inputs_of(reference)))
    # What a folded run of blocks is called: "17 more layers like this" (the exercise's label for "block").
    return {
        "case": index,
        "yours": yours,
        "reference": reference if differs else None,
        "block": exercise.label("block"),
    }


def inputs_of(graph):
    return sorted((node for node in graph.get("nodes", ()) if node["input"]), key=lambda node: node["input"])


def graph_of(exercise, source, case):
    """{"nodes", "edges", "folds", "highway", "total"} for source's function on case, or {"problem": why not}."""
    namespace = fresh_namespace()
    outputs, inputs, calls = [], {}, []
    try:
        run_program(compile_program(source), namespace, source, io.StringIO())
        function = find_function(exercise, namespace)
        supplied = supplies(exercise, case, calls)
        namespace.update(supplied)
        inputs = {name: fresh_input(case[name]) for name in exercise.values}
        arguments = call_arguments(exercise.arguments, case, inputs, supplied)
        with learner_code(io.StringIO()):
            returned = function(*arguments)
        outputs = returned_values(returned) or []
        if not outputs:
            return {"problem": f"{exercise.function} did not return a Value, so there is no graph to draw."}
        try:
            order = walk(outputs, {}, limit=NODE_LIMIT)
        except TooBig:
            return {
                "problem": f"The graph has more than {NODE_LIMIT:,} nodes: too many to draw. Try it on a smaller case."
            }
        return describe(exercise, outputs, inputs, calls, order)
    except Broken as broken:
        return {"problem": f"The graph cannot be drawn: {broken}."}
    except Rejected as rejected:
        return {"problem": rejected.message}
    except BaseException as error:  # learner code: whatever it raises, the page says so
        if stopped_from_outside(error):
            raise
        return {"problem": f"Drawing the graph stopped: {type(error).__name__}: {error}"}
    finally:
        for value in [*outputs, *calls]:
            dismantle(value)
        take_apart([*inputs.values(), *namespace.values()])
        namespace.clear()


def describe(exercise, outputs, inputs, calls, order):
    """The graph as JSON-able data, gradients from the grader's own backward."""
    for node in order:
        node.grad = 0.0
    try:
        backpropagate(*outputs, order=order)
    except (ArithmeticError, TypeError):
        raise Broken("its numbers cannot be carried back") from None
    index = {id(node): i for i, node in enumerate(order)}
    names = {id(leaf): path for name, value in inputs.items() for leaf, path in paths(value, name)}
    called = {id(call): exercise.feeds[0] for call in calls} if exercise.feeds else {}
    highway = highway_nodes(order, outputs, names)
    nodes = [
        {
            "id": index[id(node)],
            "op": node._op or names.get(id(node), "number"),
            "data": finite(node.data),
            "grad": finite(node.grad),
            "input": names.get(id(node)),
            "call": called.get(id(node)),
            "output": any(node is out for out in outputs),
            "highway": id(node) in highway,
        }
        for node in order
    ]
    edges = [
        {
            "from": index[id(child)],
            "to": index[id(node)],
            "rate": finite(rate),
            "highway": id(node) in highway and id(child) in highway and node._op == "+",
        }
        for node in order
        for child, rate in zip(node._children, node._local_grads)
    ]
    nodes, edges, folds = fold_blocks(nodes, edges)
    return {"nodes": nodes, "edges": edges, "folds": folds, "highway": bool(highway), "total": len(order)}


def highway_nodes(order, outputs, names):
    """The ids of the nodes on one road from an output to an input through + nodes only (rate 1 at
    every step), or an empty set when there is none."""
    reaches = {}  # id → a child through which an input is reached along + nodes, or True for an input
    for node in order:
        if id(node) in names:
            reaches[id(node)] = True
        elif node._op == "+":
            child = next((c for c in node._children if id(c) in reaches), None)
            if child is not None:
                reaches[id(node)] = child
    start = next((out for out in outputs if id(out) in reaches and out._op == "+"), None)
    road, node = set(), start
    while node is not None:
        road.add(id(node))
        step = reaches[id(node)]
        node = None if step is True else step
    return road


def fold_blocks(nodes, edges):
    """Fold runs of like blocks: a block ends at each highway node (or at each call of the supplied
    function where there is no highway); blocks alike in their operations fold, all but the first two
    and the last, into one note. Returns (nodes, edges, folds)."""
    ends = [n["id"] for n in nodes if n["highway"] and n["op"] == "+"] or [n["id"] for n in nodes if n["call"]]
    if len(ends) < sum(SHOWN_BLOCKS) + 2:
        return nodes, edges, []
    blocks, start = [], 0
    for end in ends:
        blocks.append(list(range(start, end + 1)))
        start = end + 1
    shapes = [tuple(nodes[i]["op"] for i in block if nodes[i]["input"] is None) for block in blocks]
    hidden, folds = set(), []
    run_start = 0
    for i in range(1, len(blocks) + 1):
        if i < len(blocks) and shapes[i] == shapes[run_start]:
            continue
        run = list(range(run_start, i))
        first, last = SHOWN_BLOCKS
        if len(run) > first + last + 1:
            folded = run[first : len(run) - last]
            kept_before, kept_after = blocks[run[first - 1]][-1], blocks[run[len(run) - last]][0]
            folds.append(
                {
                    "id": f"fold-{len(folds)}",
                    "blocks": len(folded),
                    "nodes": sum(len(blocks[b]) for b in folded),
                    "after": kept_before,
                    "before": kept_after,
                }
            )
            hidden.update(i for b in folded for i in blocks[b] if nodes[i]["input"] is None)
        run_start = i
    shown = [n for n in nodes if n["id"] not in hidden]
    kept = [e for e in edges if e["from"] not in hidden and e["to"] not in hidden]
    return shown, kept, folds
