"""The graph a function built on one case, as JSON for the page to draw: each node's operation, data
and gradient, each edge's local rate, the highway (a road of rate 1 through + nodes only) and
repeated blocks folded. Walked as the grader walks what learner code built (grading.learner_side.walk),
so a graph past the node limit is refused cheaply; carried back by the engine's own backward."""

import io

from engine import Value
from engine.graph import backpropagate, dismantle
from grading.exercise import Exercise, call_arguments, graph_cases
from grading.explore import finite
from grading.grader import find_function, fresh_input, returned_values, supplies
from grading.learner_side import Broken, TooBig, graphs_given, walk
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
BOX_FROM = 10  # a supplied call that makes this many nodes or more is drawn as one box; a smaller one in full


def graphs_json(exercise, source, case_index=None):
    """In the learner's worker: the learner's graph on one case of graph_cases (the exercise's graph case
    unless told another). The reference's is drawn in the judge's worker (reference_beside), where the
    reference runs; never here, beside learner code."""
    exercise = Exercise.of(exercise)
    index = exercise.graph_case if case_index is None else int(case_index)
    # What a folded run of blocks is called: "17 more layers like this" (the exercise's label for "block").
    return {
        "case": index,
        "yours": graph_of(exercise, source, graph_cases(exercise)[index]),
        "block": exercise.label("block"),
    }


def reference_beside(exercise, case_index, yours):
    """In the judge's worker: the reference's graph on the case graphs_json drew, when the learner's graph
    there (yours, as the learner's worker sent it: data, not trusted) could not be drawn or has other
    gradients at the inputs; else None."""
    exercise = Exercise.of(exercise)
    reference = graph_of(exercise, exercise.solution, graph_cases(exercise)[int(case_index)])
    return reference if differs(yours, reference) else None


def differs(yours, reference):
    """Whether the learner's graph shows other gradients at the inputs than the reference's, or none."""
    try:
        return "problem" in yours or any(a["grad"] != b["grad"] for a, b in zip(inputs_of(yours), inputs_of(reference)))
    except (TypeError, KeyError, AttributeError):  # not a graph as graphs_json makes one
        return True


def inputs_of(graph):
    return sorted((node for node in graph.get("nodes", ()) if node["input"]), key=lambda node: node["input"])


def graph_of(exercise, source, case):
    """{"nodes", "edges", "folds", "highway", "total"} for source's function on case, or {"problem": why not}."""
    namespace = fresh_namespace()
    outputs, inputs, calls, boxed = [], {}, [], []
    try:
        run_program(compile_program(source), namespace, source, io.StringIO())
        function = find_function(exercise, namespace)
        supplied = boxed_calls(supplies(exercise, case, calls), boxed)
        namespace.update(supplied)
        inputs = {name: fresh_input(case[name]) for name in exercise.values}
        arguments = call_arguments(exercise.arguments, case, inputs, supplied)
        if exercise.writes_grads:  # the graph drawn is the one it was given, with the gradients it wrote
            arguments, outputs = graphs_given(arguments, inputs)
        with learner_code(io.StringIO()):
            returned = function(*arguments)
        outputs = outputs if exercise.writes_grads else returned_values(returned) or []
        if not outputs:
            return {"problem": f"{exercise.function} did not return a Value, so there is no graph to draw."}
        try:
            order = walk(outputs, {}, limit=NODE_LIMIT)
        except TooBig:
            return {
                "problem": f"The graph has more than {NODE_LIMIT:,} nodes: too many to draw. Try it on a smaller case."
            }
        return describe(exercise, outputs, inputs, boxed, order, written=exercise.writes_grads)
    except Broken as broken:
        return {"problem": f"The graph cannot be drawn: {broken}."}
    except Rejected as rejected:
        return {"problem": rejected.message}
    except BaseException as error:  # learner code: whatever it raises, the page says so
        if stopped_from_outside(error):
            raise
        return {"problem": f"Drawing the graph stopped: {type(error).__name__}: {error}"}
    finally:
        for value in [*outputs, *calls, *(node for _, _, results in boxed for node in results)]:
            dismantle(value)
        take_apart([*inputs.values(), *namespace.values()])
        namespace.clear()


def boxed_calls(supplied, boxed):
    """The supplied functions, each noting in boxed (its name, the Values it was given, the Values it
    returned) when the learner's code calls it: such a call is drawn as one box, since what happens
    inside it is the lesson's given code, not the learner's (a 16-wide linear layer is hundreds of
    nodes). Calls a supplied function makes of another are inside it, and not noted."""
    depth = [0]

    def boxing(name, function):
        def call(*args, **kwargs):
            depth[0] += 1
            try:
                result = function(*args, **kwargs)
            finally:
                depth[0] -= 1
            if depth[0] == 0:
                boxed.append((name, values_in_lists([*args, *kwargs.values()]), values_in_lists([result])))
            return result

        call.__name__, call.__doc__ = function.__name__, function.__doc__
        return call

    return {name: boxing(name, function) for name, function in supplied.items()}


def values_in_lists(items):
    """The Values among items and inside their (nested) lists and tuples."""
    found, stack = [], list(reversed(items))
    while stack:
        item = stack.pop()
        if isinstance(item, (list, tuple)):
            stack.extend(reversed(item))
        elif isinstance(item, Value):
            found.append(item)
    return found


def inside_call(arguments, results):
    """The ids of the nodes a call made: below its results, down to (not including) what it was given."""
    given = {id(value) for value in arguments}
    inside, stack = set(), [child for result in results for child in result._children]
    while stack:
        node = stack.pop()
        if id(node) in given or id(node) in inside:
            continue
        inside.add(id(node))
        stack.extend(node._children)
    return inside - {id(result) for result in results}


def describe(exercise, outputs, inputs, boxed, order, written=False):
    """The graph as JSON-able data, gradients from the grader's own backward (or, written, as the function
    under test wrote them)."""
    if written:
        for node in order:
            if not isinstance(node.grad, (int, float)):
                raise Broken("a gradient your code wrote is not a number")
    else:
        for node in order:
            node.grad = 0.0
        try:
            backpropagate(*outputs, order=order)
        except (ArithmeticError, TypeError):
            raise Broken("its numbers cannot be carried back") from None
    index = {id(node): i for i, node in enumerate(order)}
    names = {id(leaf): path for name, value in inputs.items() for leaf, path in paths(value, name)}
    called = {id(result): name for name, _, results in boxed for result in results}
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
    nodes, edges, boxes = box_calls(nodes, edges, boxed, index)
    return {
        "nodes": nodes,
        "edges": edges,
        "folds": folds,
        "boxes": boxes,
        "highway": bool(highway),
        "total": len(order),
    }


def box_calls(nodes, edges, boxed, index):
    """Each call of a supplied function that made BOX_FROM nodes or more as one box, from the nodes it was
    given to those it returned, with the nodes it made inside hidden. Returns (nodes, edges, boxes)."""
    shown = {node["id"] for node in nodes}
    hidden, boxes = set(), []
    for name, arguments, results in boxed:
        inside = {index[i] for i in inside_call(arguments, results) if i in index} & shown
        returned = [index[id(r)] for r in results if id(r) in index and index[id(r)] in shown]
        if len(inside) < BOX_FROM or not returned:
            continue
        hidden |= inside
        boxes.append(
            {
                "id": f"call-{len(boxes)}",
                "name": name,
                "nodes": len(inside),
                "from": sorted({index[id(a)] for a in arguments if id(a) in index and index[id(a)] in shown}),
                "to": sorted(set(returned)),
            }
        )
    for box in boxes:
        box["from"] = [i for i in box["from"] if i not in hidden]
    nodes = [node for node in nodes if node["id"] not in hidden]
    edges = [edge for edge in edges if edge["from"] not in hidden and edge["to"] not in hidden]
    return nodes, edges, boxes


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
