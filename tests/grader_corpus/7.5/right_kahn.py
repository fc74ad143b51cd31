# expect: passed correct
from engine import Value

def backward(root):
    # Kahn's algorithm: count each node's parents, then hand out from nodes whose parents are all done.
    parents, nodes, stack, seen = {}, [], [root], {id(root)}
    while stack:
        node = stack.pop()
        nodes.append(node)
        for child in node._children:
            parents[id(child)] = parents.get(id(child), 0) + 1
            if id(child) not in seen:
                seen.add(id(child))
                stack.append(child)
    root.grad = 1.0
    ready = [root]
    while ready:
        node = ready.pop()
        for child, rate in zip(node._children, node._local_grads):
            child.grad += rate * node.grad
            parents[id(child)] -= 1
            if parents[id(child)] == 0:
                ready.append(child)
