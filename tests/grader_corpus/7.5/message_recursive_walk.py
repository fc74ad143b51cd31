# expect: failed raised
from engine import Value


def backward(root):
    """The five-line recursive sort the lesson warns of: right on a small graph, too deep for the chain."""
    order, seen = [], set()

    def visit(node):
        if id(node) not in seen:
            seen.add(id(node))
            for child in node._children:
                visit(child)
            order.append(node)

    visit(root)
    root.grad = 1.0
    for node in reversed(order):
        for child, local_grad in zip(node._children, node._local_grads):
            child.grad += local_grad * node.grad
