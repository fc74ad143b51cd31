# expect: failed forward_order
from engine import Value

def backward(root):
    root.grad = 1.0
    for child, rate in zip(root._children, root._local_grads):
        child.grad += rate
