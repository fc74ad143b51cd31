# expect: failed unchanged_starter
from engine import Value  # the Value of lesson 7.4: data, grad, _children, _local_grads

def backward(root):
    """Fill in .grad of every Value that root depends on."""
    # 1. Every node below root, children before parents, with a loop (no recursion).
    order, seen = [], set()
    stack = [(root, False)]  # (node, are its children listed yet?)
    while stack:
        node, children_done = stack.pop()
        pass  # TODO: list the node, or push it back and push its children
    # 2. The seed, then from the root back: each child's share.
    pass  # TODO

x, y = Value(2.0), Value(3.0)
d = x * y
f = d * (d + 1.0)
backward(f)
print("x.grad =", x.grad, "(expected", (2 * d.data + 1.0) * y.data, ")")
