# expect: passed correct
from engine import Value

additions = 0
plain_add = Value.__add__


def counting_add(self, other):
    global additions
    additions += 1
    return plain_add(self, other)


Value.__add__ = counting_add


def layer(x):
    return (x * 0.1).relu()


def residual_stack(x, depth=20):
    for _ in range(depth):
        x = x + layer(x)
    return x


out = residual_stack(Value(1.0))
print("additions:", additions)
