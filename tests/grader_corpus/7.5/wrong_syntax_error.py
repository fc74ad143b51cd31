# expect: failed syntax_error
from engine import Value

def backward(root)
    root.grad = 1.0
