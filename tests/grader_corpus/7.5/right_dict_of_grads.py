# expect: passed correct
from engine import Value

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
    grads = {id(root): 1.0}
    for node in reversed(order):
        g = grads.get(id(node), 0.0)
        for child, rate in zip(node._children, node._local_grads):
            grads[id(child)] = grads.get(id(child), 0.0) + rate * g
    for node in order:
        node.grad += grads.get(id(node), 0.0)
