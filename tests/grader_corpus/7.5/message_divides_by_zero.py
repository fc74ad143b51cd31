# expect: failed raised
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
    root.grad = (root.grad * 0.0) ** -1  # divided the way the engine divides
