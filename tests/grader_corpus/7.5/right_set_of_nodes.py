# expect: passed correct
from engine import Value

def backward(root):
    order, seen, stack = [], set(), [(root, False)]
    while stack:
        node, done = stack.pop()
        if done:
            order.append(node)
            continue
        if node in seen:
            continue
        seen.add(node)
        stack.append((node, True))
        for child in reversed(node._children):
            stack.append((child, False))
    root.grad = 1.0
    for node in reversed(order):
        for child, local_grad in zip(node._children, node._local_grads):
            child.grad += local_grad * node.grad
