# expect: passed correct
from engine import Value


def layer(x):
    return (x * 0.1).relu()


def residual_stack(x, depth=20):
    for _ in range(depth):
        x = x + layer(x)
    return x


# A deep graph dropped while the program runs: 20,000 linked Values freed at once.
x = Value(1.0)
deep = residual_stack(x, 5000)
deep.backward()
print("gradient after 5000 layers:", x.grad)
deep = None
print("dropped")
