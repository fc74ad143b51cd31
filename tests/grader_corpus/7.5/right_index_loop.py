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
    root.grad = 1
    for i in range(len(order) - 1, -1, -1):
        node = order[i]
        for j in range(len(node._children)):
            node._children[j].grad += node._local_grads[j] * node.grad
