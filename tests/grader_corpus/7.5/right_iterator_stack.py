# expect: passed correct
from engine import Value

def backward(root):
    order, seen = [], {id(root)}
    stack = [(root, iter(root._children))]
    while stack:
        node, children = stack[-1]
        child = next(children, None)
        if child is None:
            order.append(stack.pop()[0])
        elif id(child) not in seen:
            seen.add(id(child))
            stack.append((child, iter(child._children)))
    root.grad = 1.0
    for node in order[::-1]:
        for child, rate in zip(node._children, node._local_grads):
            child.grad = child.grad + rate * node.grad
