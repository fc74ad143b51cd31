# expect: passed correct
from engine import Value


def multiply(a, b):
    return Value(a.data * b.data, (a, b), (b.data, a.data), "*")


x, y = Value(2.0), Value(3.0)
z = multiply(x, y)
z.backward()  # the engine's backward is not switched off here: only its operations
print(x.grad, y.grad)
