# expect: failed no_gradient
from engine import Value

def backward(root):
    # The gradients of a * b + b * c + c * a from the formula, whatever the graph is.
    inputs, stack, seen = [], [root], set()
    while stack:
        node = stack.pop()
        if id(node) not in seen:
            seen.add(id(node))
            if not node._children and node.grad == 0.0:
                inputs.append(node)
            stack.extend(node._children)
    root.grad = 1.0
    a, b, c = (sorted(inputs, key=id) + [Value(0.0)] * 3)[:3]
    a.grad, b.grad, c.grad = b.data + c.data, a.data + c.data, a.data + b.data
