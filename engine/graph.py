"""Walking a graph of Values without recursion, so depth is limited only by memory."""


def topological_order(root):
    """Return every node reachable from root, children before parents."""
    order, seen = [], set()  # ids, so a node's own __eq__ or __hash__ cannot interfere
    stack = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        if children_done:
            order.append(node)
        elif id(node) not in seen:
            seen.add(id(node))
            stack.append((node, True))
            stack.extend((child, False) for child in node._children)
    return order


def backpropagate(root, order=None):
    """Set root.grad to 1 and add d root / d node into every node's grad below it.

    Nothing else is reset: like micrograd, grads accumulate over repeated calls,
    so zero them between passes. Pass order (root's topological_order) if you have it.
    """
    root.grad = 1.0
    for node in reversed(order or topological_order(root)):
        for child, local_grad in zip(node._children, node._local_grads):
            child.grad += local_grad * node.grad


def dismantle(root, order=None):
    """Cut every edge below root, so the graph is freed one node at a time (order as in backpropagate)."""
    # In Pyodide, dropping the last reference to a chain of ~1,500 Values frees it
    # recursively, overflows the JavaScript stack and kills the interpreter for good.
    # `order` keeps every node alive while its links are cut; then each frees alone.
    order = order or topological_order(root)
    for node in order:
        node._children = ()
        node._local_grads = ()
