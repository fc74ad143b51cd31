# expect: failed broken_graph
from engine import Value

class Exact:
    def __init__(self, value):
        self.value = value


def backward(root):
    order, seen, stack = [], set(), [(root, False)]
    while stack:
        node, children_done = stack.pop()
        if children_done:
            order.append(node)
        elif id(node) not in seen:
            seen.add(id(node))
            stack.append((node, True))
            stack.extend((child, False) for child in node._children)
    root.grad = 1.0
    for node in reversed(order):
        for child, local_grad in zip(node._children, node._local_grads):
            child.grad += local_grad * node.grad
    for node in order:
        node.grad = Exact(node.grad)
