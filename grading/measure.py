"""Measuring what a learner's function returned: the graph is checked node by node, then the
grader runs its own backward through it, so a gradient counts only if the engine made it."""
import math

from engine.value import Value


class BrokenGraph(Exception):
    """A returned Value whose graph the grader's own backward cannot walk."""


class ForgedNode(Exception):
    """A node whose numbers are not what its operation gives: made by hand, or by a patched engine."""


class TooBig(Exception):
    """The graph has more nodes than the walk was allowed to visit."""


def topological_order(roots, limit=None):
    """Every node reachable from roots, children before parents, without recursion; a chain reads
    bottom-up, one block after another. Past limit nodes, TooBig, before the graph is walked in full."""
    order, seen = [], set()  # ids, so a node's own __eq__ or __hash__ cannot interfere
    stack = [(root, False) for root in reversed(roots)]
    while stack:
        node, children_done = stack.pop()
        if children_done:
            order.append(node)
        elif id(node) not in seen:
            seen.add(id(node))
            if limit is not None and len(seen) > limit:
                raise TooBig(limit)
            stack.append((node, True))
            children = node._children
            if not isinstance(children, (tuple, list)):
                raise BrokenGraph("a node's children are not a tuple")
            stack.extend((child, False) for child in reversed(children))
    return order


def measure(outputs, inputs, calls=()):
    """Check the graph below outputs, then backpropagate d(sum of outputs) through it.

    Return (the outputs' data, {input name: its gradient or list of gradients}, the gradients at
    the call results that feed the outputs). The grader owns the graph now and takes it apart."""
    try:
        order = topological_order(outputs)
    except AttributeError:
        raise BrokenGraph("one of its links is not a Value") from None
    try:
        for node in order:
            check_node(node)
            node.grad = 0.0
        for leaf in leaves(inputs):
            leaf.grad = 0.0  # an input the result does not depend on keeps no gradient
        backpropagate(outputs, order)
        reached = {id(node) for node in order}
        fed = sorted(float(call.grad) for call in calls if id(call) in reached)
        grads = {name: numbers(value, "grad") for name, value in inputs.items()}
        return [float(out.data) for out in outputs], grads, fed
    except (ArithmeticError, TypeError) as exc:  # e.g. an int too large for a float
        raise BrokenGraph(f"its numbers cannot be carried back ({exc})") from None
    finally:
        for node in order:
            node._children = ()
            node._local_grads = ()


def leaves(inputs):
    for value in inputs.values():
        yield from value if isinstance(value, list) else (value,)


def numbers(value, attribute):
    """One attribute of a Value as a float, or of a list of Values as a list of floats."""
    if isinstance(value, list):
        return [float(getattr(item, attribute)) for item in value]
    return float(getattr(value, attribute))


def backpropagate(outputs, order):
    """The grader's own backward: each output seeded with 1, so gradients are of their sum."""
    for out in outputs:
        out.grad = 1.0
    for node in reversed(order):
        for child, local_grad in zip(node._children, node._local_grads):
            child.grad += local_grad * node.grad


NUMBER_TYPES = (int, float)  # exactly these: a subclass could misreport itself


def check_node(node):
    """Raise BrokenGraph unless node is a Value whose numbers the backward pass can use, and
    ForgedNode unless its data and local gradients are what its operation gives."""
    if type(node) is not Value:
        raise BrokenGraph(f"it holds a {type(node).__name__} where a Value should be")
    if type(node.data) not in NUMBER_TYPES:
        raise BrokenGraph(f"a node's data is a {type(node.data).__name__}, not a number")
    children, local_grads = node._children, node._local_grads
    if type(local_grads) not in (tuple, list):
        raise BrokenGraph("a node's local gradients are not a tuple")
    if len(children) != len(local_grads) or any(type(g) not in NUMBER_TYPES for g in local_grads):
        raise BrokenGraph("a node does not have one number as local gradient per child")
    if children:
        check_operation(node)


def check_operation(node):
    """The node's data and local gradients, worked out again from its children's data."""
    if engine_made(node):
        return
    inputs = [child.data for child in node._children]
    rule = OPERATIONS.get(node._op) or power_rule(node._op)
    if rule is None or len(inputs) != rule[0]:
        raise ForgedNode(f"a node with data {node.data!r} was made by hand, Value(data, children, "
                         f"local_grads), rather than by an operation such as + or *")
    try:
        data, local_grads = rule[1](*inputs)
    except (ArithmeticError, ValueError, TypeError):
        return  # the operation itself would have failed the same way: nothing to compare
    if node.data == data and tuple(node._local_grads) == local_grads:
        return  # the engine made it: the very same arithmetic gives the very same numbers
    if not same(node.data, data) or not all(map(same, node._local_grads, local_grads)):
        raise ForgedNode(f"a '{node._op}' node says its result is {node.data!r} with local gradients "
                         f"{tuple(node._local_grads)!r}, but '{node._op}' of {tuple(inputs)!r} gives "
                         f"{data!r} with {tuple(local_grads)!r}")


def engine_made(node):
    """The common operations, checked without building anything: the very same arithmetic the
    engine does gives the very same numbers."""
    op, children, local_grads = node._op, node._children, node._local_grads
    if op == "+" and len(children) == 2:
        return node.data == children[0].data + children[1].data and local_grads == (1.0, 1.0)
    if op == "*" and len(children) == 2:
        a, b = children[0].data, children[1].data
        return node.data == a * b and local_grads == (b, a)
    if op == "relu" and len(children) == 1:
        a = children[0].data
        return node.data == max(0.0, a) and local_grads == (float(a > 0),)
    return False


OPERATIONS = {
    "+": (2, lambda a, b: (a + b, (1.0, 1.0))),
    "*": (2, lambda a, b: (a * b, (b, a))),
    "relu": (1, lambda a: (max(0.0, a), (float(a > 0),))),
    "exp": (1, lambda a: (math.exp(a), (math.exp(a),))),
    "log": (1, lambda a: (math.log(a), (1.0 / a,))),
}


def power_rule(op):
    """The rule of a '**n' node, whose exponent is part of its name."""
    if not isinstance(op, str) or not op.startswith("**"):
        return None
    try:
        exponent = float(op[2:]) if "." in op or "e" in op else int(op[2:])
    except ValueError:
        return None
    return 1, lambda a: (a**exponent, (exponent * a ** (exponent - 1),))


def same(a, b):
    """Equal within rounding; two nans or two equal infinities count as the same."""
    if type(a) not in NUMBER_TYPES or type(b) not in NUMBER_TYPES:
        return False
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-300)

