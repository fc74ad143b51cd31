# expect: failed raised
from engine import Value

def push(node):
    for child, rate in zip(node._children, node._local_grads):
        child.grad += rate * node.grad
        push(child)


def backward(root):
    root.grad = 1.0
    push(root)
