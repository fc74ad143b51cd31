# expect: failed forward_order
from engine import Value

def backward(root):
    # parents listed before children, then walked backwards: children first
    order, seen, stack = [], set(), [root]
    while stack:
        node = stack.pop()
        if id(node) not in seen:
            seen.add(id(node))
            order.append(node)
            stack.extend(node._children)
    root.grad = 1.0
    for node in reversed(order):
        for child, local_grad in zip(node._children, node._local_grads):
            child.grad += local_grad * node.grad
