"""The judge's reading of a graph shipped as plain data (see grading.learner_side): every node's
operation is worked out again from its children's data (a node that stands for a supplied call's
result, by making the call again: grading.supplied_calls), and the backward pass is the judge's own, so
a gradient counts only if the graph really carries it. A node whose rule cannot be worked out, or
whose numbers its rule does not give, is refused. Runs in the judge's interpreter, on data only."""

import functools
import inspect
import json
import math
from collections import namedtuple
from itertools import chain, repeat
from operator import lt

from engine.value import rule_of
from grading.compare import rounding_beside
from grading.shapes import leaves, map_leaves
from grading.supplied_calls import NoValue

# One case's result. output: a float, or a list of floats for a list of Values; grads: {input: float or
# list}; fed: (gradient, the data of its arguments) at each supplied call that feeds the output (reaches it with a
# gradient other than 0), sorted;
# graph: the checked graph, to evaluate again elsewhere. problem names what went wrong instead, with detail.
Run = namedtuple("Run", "output grads fed problem detail graph", defaults=((), {}, (), None, None, None))

NUMBER_TYPES = (int, float)  # exactly these: JSON brings nothing else, and a bool is not a number here
PROBLEMS = ("raised", "not_a_value", "broken_graph", "forged_node", "imports_grader", "changes_python", "bypasses")


class BrokenGraph(Exception):
    """A graph whose numbers the judge's backward cannot use."""


class ForgedNode(Exception):
    """A node whose numbers are not what its operation gives: made by hand, or by a patched engine."""


# A checked graph, in the columns it was shipped in (see grading.learner_side.ship): per node its data,
# operation and number of children (arity); per edge, node by node, the child's index (children), its local
# gradient (rates) and the node it belongs to (parents). reached: per node, whether an output is reached
# from it (only where there are supplied calls to ask it of). boxed: node → (name, template text, template,
# position) of each node that stands for a supplied call's result. rules: per node, the rule of its
# operation (or of its call).
Graph = namedtuple(
    "Graph", "data ops arity children rates parents outputs inputs calls reached boxed rules", defaults=(None,)
)


def verified(shipped, builds_nodes=False, writes_grads=False, supplied=None):
    """The Run of one shipped case: its numbers by the judge's own backward, or the problem. An exercise
    that builds_nodes takes the numbers of hand-made nodes as given; one that writes_grads is graded by
    the gradients the function wrote (see grading.exercise.Exercise), which nothing else may ship.
    supplied: the case's grading.supplied_calls.SuppliedCalls, for a graph whose supplied calls were
    shipped as their results alone; without it, such a graph is refused."""
    if not isinstance(shipped, dict):
        return Run(problem="broken_graph", detail="what came back could not be read")
    if "problem" in shipped:
        problem = shipped["problem"] if shipped["problem"] in PROBLEMS else "broken_graph"
        return Run(problem=problem, detail=shipped.get("detail"))
    if writes_grads:
        return written_run(shipped.get("written"))
    try:
        graph = read_graph(shipped)
        if graph.boxed and (builds_nodes or supplied is None):
            raise BrokenGraph("what came back is not a graph the grader can read")
        if not builds_nodes:
            graph = graph._replace(rules=checked_rules(graph, supplied))
        output, grads, fed = backward(graph, graph.data)
    except BrokenGraph as broken:
        return Run(problem="broken_graph", detail=str(broken))
    except ForgedNode as forged:
        detail = str(forged)
        patched = shipped.get("patched")
        if isinstance(patched, list) and patched and all(isinstance(name, str) for name in patched):
            detail += f"; your code changed {', '.join(patched)}, which the grader does not use"
        return Run(problem="forged_node", detail=detail)
    listed = shipped.get("listed") is True
    return Run(output if listed else output[0], grads, fed, graph=graph)


def written_run(written):
    """The Run of the gradients a function wrote: {"output": the .grad at the graph it was given, "grads":
    {input: .grad, or lists of them}}, every one a number."""
    try:
        output, grads = written["output"], written["grads"]
        numbers = [output, *(number for at in grads.values() for number in leaves(at))]
    except (KeyError, TypeError, AttributeError, RecursionError):
        return Run(problem="broken_graph", detail="what came back could not be read")
    if not all(type(number) in NUMBER_TYPES for number in numbers):
        return Run(problem="broken_graph", detail="a gradient it wrote is not a number")
    try:
        return Run(float(output), {name: map_leaves(float, at) for name, at in grads.items()})
    except OverflowError:
        return Run(problem="broken_graph", detail="a gradient it wrote is a whole number too large to carry back")


def read_graph(shipped):
    """The shipped graph, checked for shape: numbers where numbers belong, every child before its parent.
    The checks run over whole columns at once (map, set, all), not node by node: a graph has thousands."""
    try:
        data, ops, arity = shipped["data"], shipped["ops"], shipped["arity"]
        children, rates = shipped["children"], shipped["rates"]
        outputs, inputs, calls = shipped["outputs"], shipped["inputs"], shipped["calls"]
        columns = (data, ops, arity, children, rates)
        if not all(type(column) is list for column in columns) or not len(data) == len(ops) == len(arity):
            raise BrokenGraph("what came back is not a graph the grader can read")
        if not set(map(type, data)) <= NUMBER_SET:
            raise BrokenGraph("a node's data is not a number")
        if not set(map(type, ops)) <= OP_TYPES:
            ops = [op if isinstance(op, str) else None for op in ops]
        if not (
            set(map(type, arity)) <= INT_SET
            and set(map(type, children)) <= INT_SET
            and set(map(type, rates)) <= NUMBER_SET
            and len(children) == len(rates) == sum(arity)
            and min(arity, default=0) >= 0
            and min(children, default=0) >= 0
        ):
            raise BrokenGraph("a node does not have one number as local gradient per child")
        parents = list(chain.from_iterable(map(repeat, range(len(arity)), arity)))
        if not all(map(lt, children, parents)):  # shipped children first: only a cycle leaves one after
            raise BrokenGraph("it goes round in a circle: a node is computed from itself")
        count = len(data)
        outputs = [index_in(i, count) for i in outputs]
        inputs = {name: map_leaves(lambda i: index_in(i, count), at) for name, at in inputs.items()}
        arguments = [tuple(listed) for listed in shipped["arguments"] if type(listed) is list]
        if len(arguments) != len(shipped["arguments"]):
            raise TypeError("arguments")
        calls = [(index_in(at, count), arguments[index_in(call, len(arguments))]) for at, call in calls]
        boxed = read_boxes(shipped.get("boxes", []), shipped.get("boxed", []), count)
    except (KeyError, TypeError, ValueError, RecursionError):
        raise BrokenGraph("what came back is not a graph the grader can read") from None
    if not outputs:
        raise BrokenGraph("it has no output")
    reached = reaching(outputs, children, parents, count) if calls else None
    return Graph(data, ops, arity, children, rates, parents, outputs, inputs, calls, reached, boxed)


def read_boxes(boxes, boxed, count):
    """{node: (name, template text, template, position)} from the shipped calls (boxes: [name, template]
    each) and the nodes that stand for their results (boxed: [node, call, position] each); ValueError
    or TypeError if they are not that."""
    if not boxed:
        return {}
    calls = []
    for name, template in boxes:
        if type(name) is not str or type(template) is not list:
            raise TypeError(name)
        calls.append((name, json.dumps(template), template))
    found = {}
    for node, call, position in boxed:
        name, text, template = calls[index_in(call, len(calls))]
        if type(position) is not int or position < 0:
            raise ValueError(position)
        found[index_in(node, count)] = (name, text, template, position)
    return found


NUMBER_SET = frozenset(NUMBER_TYPES)
INT_SET = frozenset((int,))
OP_TYPES = frozenset((str, type(None)))


def index_in(i, count):
    if type(i) is not int or not 0 <= i < count:
        raise ValueError(i)
    return i


def reaching(outputs, children, parents, count):
    """Per node, whether an output is reached from it: every edge is looked at after all the edges of
    the nodes above its own (edges go node by node, children before parents), so once, backwards."""
    reached = [False] * count
    for out in outputs:
        reached[out] = True
    for child, parent in zip(reversed(children), reversed(parents)):
        if reached[parent]:
            reached[child] = True
    return reached


def checked_rules(graph, supplied=None):
    """Per node, the rule of its operation (None for a leaf), once every node with children is known to be
    what its rule gives from its children's data; ForgedNode otherwise. A node that stands for a supplied
    call's result (graph.boxed) has the rule of the call, made again by supplied; its local gradients,
    which were shipped as 0, are written into graph.rates from there."""
    data, children, rates, boxed = graph.data, graph.children, graph.rates, graph.boxed
    rules, edge = [], 0
    for op, count in zip(graph.ops, graph.arity):
        at, end = len(rules), edge + count
        box = boxed.get(at) if boxed else None
        if box is None and not count:
            rules.append(None)
            continue
        inputs = [data[k] for k in children[edge:end]]
        if box is None:
            rule = operation(op, count)
            check_node(op, rule, inputs, data[at], rates[edge:end])
        else:
            rule = supplied.rule(*box)
            rates[edge:end] = checked_box(box[0], rule, inputs, data[at])
        rules.append(rule)
        edge = end
    return rules


def checked_box(name, rule, inputs, data):
    """The gradients towards its call's Values of a node standing for that call's result, once its data is
    what the call, made again, gives; ForgedNode otherwise."""
    try:
        expected, row = rule(*inputs)
    except NoValue as no_value:
        raise ForgedNode(f"a result of {name} says it is {data!r}, but {no_value}") from None
    try:
        if data == expected or same(data, expected):
            return row
    except (ArithmeticError, TypeError):
        raise BrokenGraph("its numbers cannot be carried back (int too large to convert to float)") from None
    raise ForgedNode(
        f"a result of {name} says it is {data!r}, but {name} of the numbers it was given gives {expected!r}"
    )


def check_node(op, rule, inputs, data, local_grads):
    """Raise ForgedNode unless data and local_grads are what op's rule gives from inputs."""
    if rule is None:
        raise ForgedNode(
            f"a node with data {data!r} was made by hand, Value(data, children, "
            f"local_grads), rather than by an operation such as + or *"
        )
    try:
        expected, expected_grads = rule(*inputs)
    except (ArithmeticError, ValueError, TypeError):
        # The engine itself would have failed here, so no operation of it made this node.
        raise ForgedNode(
            f"a '{op}' node of {tuple(inputs)!r} says its result is {data!r}, but '{op}' of "
            f"{tuple(inputs)!r} has no value at all, so no operation of the engine made it"
        ) from None
    if data == expected and local_grads == list(expected_grads):
        return  # the very same arithmetic gives the very same numbers
    try:
        if (
            same(data, expected)
            and len(local_grads) == len(expected_grads)
            and all(map(same, local_grads, expected_grads))
        ):
            return
    except (ArithmeticError, TypeError):
        raise BrokenGraph("its numbers cannot be carried back (int too large to convert to float)") from None
    raise ForgedNode(
        f"a '{op}' node says its result is {data!r} with local gradients "
        f"{tuple(local_grads)!r}, but '{op}' of {tuple(inputs)!r} gives "
        f"{expected!r} with {tuple(expected_grads)!r}"
    )


@functools.lru_cache(maxsize=4096)  # asked once per node: a graph has few kinds of them
def operation(op, arity):
    """The rule of an operation of the engine taking arity inputs, as the engine itself declares it
    (engine.value.OPERATIONS): data of the children → (data, local gradients); None if there is none."""
    rule = rule_of(op)
    if rule is None:
        return None
    try:
        inspect.signature(rule).bind(*range(arity))
    except TypeError:  # the engine's operation of that name takes another number of inputs
        return None
    return rule


def same(a, b):
    """Equal within rounding; two nans or two equal infinities count as the same."""
    if type(a) not in NUMBER_TYPES or type(b) not in NUMBER_TYPES:
        return False
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-300)


def backward(graph, data, rates=None, fed=True):
    """The judge's own backward pass, each output seeded with 1 (gradients of their sum): (the outputs'
    data, {input: gradient or list}, sorted (gradient, arguments) at the supplied calls that feed them,
    or () when not fed)."""
    rates = graph.rates if rates is None else rates
    try:
        grad = [0.0] * len(data)
        for out in graph.outputs:
            grad[out] = 1.0
        # Edges backwards: every edge of a node comes after those of its children, so a node's gradient
        # is whole before its own edges pass it on.
        for child, rate, parent in zip(reversed(graph.children), reversed(rates), reversed(graph.parents)):
            grad[child] += rate * grad[parent]
        grads = {name: map_leaves(lambda i: float(grad[i]), at) for name, at in graph.inputs.items()}
        return [float(data[out]) for out in graph.outputs], grads, fed_calls(graph, grad) if fed else ()
    except (ArithmeticError, TypeError) as exc:  # e.g. an int too large for a float
        raise BrokenGraph(f"its numbers cannot be carried back ({exc})") from None


def fed_calls(graph, grad):
    # A call feeds the output only if a gradient reaches it: f(x) used twice with opposite signs, as
    # in the mean of two one-sided slopes, cancels to 0 and is no more a feed than an unused call. A 0
    # summed from terms that cancel may come out as rounding instead (within grading.compare.rounding_beside
    # the gradients at the calls): that counts as 0 too.
    # Sorted by gradient, then by the arguments' text (arguments mix numbers, lists and None), written
    # once per call: its results share its arguments.
    reached_calls = [(at, arguments) for at, arguments in graph.calls if graph.reached[at]]
    rounding = rounding_beside(grad[at] for at, _ in reached_calls)
    texts = {}

    def text(arguments):
        if id(arguments) not in texts:
            texts[id(arguments)] = repr(arguments)
        return texts[id(arguments)]

    return sorted(
        ((float(grad[at]), arguments) for at, arguments in reached_calls if not abs(grad[at]) <= rounding),
        key=lambda call: (call[0], text(call[1])),
    )


def evaluated_at(graph, values):
    """The graph worked out again, node by node by each node's own operation (or call), with its inputs moved to
    values ({input: number or list}): (outputs, grads) as backward gives them; ArithmeticError or
    ValueError if some operation has no value there."""
    data = list(graph.data)
    rates = list(graph.rates)
    children = graph.children
    for name, at in graph.inputs.items():
        for i, value in zip(leaves(at), leaves(values[name])):
            data[i] = float(value)
    edge = 0
    for i, (rule, count) in enumerate(zip(graph.rules, graph.arity)):
        if count:
            end = edge + count
            data[i], rates[edge:end] = rule(*[data[k] for k in children[edge:end]])
            edge = end
    for value in data:
        if type(value) not in NUMBER_TYPES:
            raise ValueError("no real value")
    output, grads, _ = backward(graph, data, rates, fed=False)
    return output, grads
