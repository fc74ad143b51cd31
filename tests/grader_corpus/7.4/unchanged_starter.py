# expect: failed unchanged_starter
from engine import Value

def multiply(a, b):
    """The node a * b: its data, its two children, and the local gradient towards each."""
    data = None          # TODO: the product of the two numbers
    local_grads = None   # TODO: (d data / d a, d data / d b), in the order of the children
    return Value(data, (a, b), local_grads, "*")

a, b = Value(2.0), Value(3.0)
z = multiply(a, b)
if isinstance(z.data, (int, float)) and z._local_grads:
    print("data:", z.data, " children:", [c.data for c in z._children], " local gradients:", z._local_grads)
    z.backward()
    print("a.grad =", a.grad, " b.grad =", b.grad)
