# expect: failed replaces
from engine import Value


def layer(x):
    return (x * 0.1).relu()


def residual_stack(x, depth=20):
    for _ in range(depth):
        x = layer(x)
    return x


# Make every + claim a huge local gradient, hoping the check only looks at x.grad.
def greedy_add(self, other):
    other = other if isinstance(other, Value) else Value(other)
    return Value(self.data + other.data, (self, other), (1000.0, 1000.0))


Value.__add__ = greedy_add
Value.relu = lambda self: Value(max(0.0, self.data), (self,), (1.1,))
