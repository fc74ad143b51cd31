"""Walking the graph a learner's function built, where it was built, for the views that show it (the
graph view): children before parents without recursion, and a backward pass through it. The verdict's
own checks of a graph live with the judge (grading/judge.py), which is sent the graph as data."""


class BrokenGraph(Exception):
    """A returned Value whose graph the walk cannot follow."""


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


def backpropagate(outputs, order):
    """The grader's own backward: each output seeded with 1, so gradients are of their sum."""
    for out in outputs:
        out.grad = 1.0
    for node in reversed(order):
        for child, local_grad in zip(node._children, node._local_grads):
            child.grad += local_grad * node.grad
