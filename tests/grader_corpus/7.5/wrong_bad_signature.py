# expect: failed bad_signature
from engine import Value

def backward(root, order):
    root.grad = 1.0
    for node in reversed(order):
        for child, local_grad in zip(node._children, node._local_grads):
            child.grad += local_grad * node.grad
