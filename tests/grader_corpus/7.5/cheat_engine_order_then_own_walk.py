# expect: failed bypasses
from engine import Value

from engine.graph import topological_order


def backward(root):
    order = topological_order(root)
    root.grad = 1.0
    for node in reversed(order):
        for child, local_grad in zip(node._children, node._local_grads):
            child.grad += local_grad * node.grad
