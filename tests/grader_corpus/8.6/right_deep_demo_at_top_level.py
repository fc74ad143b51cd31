# expect: passed correct
from engine import Value


def layer(x):
    return (x * 0.1).relu()


def residual_stack(x, depth=20):
    for _ in range(depth):
        x = x + layer(x)
    return x


# How deep can it go? The graph stays in a global after the program ends.
deep_input = Value(1e-300)
deep_output = residual_stack(deep_input, 5000)
deep_output.backward()
print("5000 layers, gradient at the input:", deep_input.grad)
