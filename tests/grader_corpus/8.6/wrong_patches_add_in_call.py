# expect: failed forged_node
from engine import Value


def greedy_add(self, other):
    other = other if isinstance(other, Value) else Value(other)
    return Value(self.data + other.data, (self, other), (1.1, 1.1), "+")


def residual_stack(x, depth=20):
    Value.__add__ = greedy_add  # patched while the grader's cases run
    for _ in range(depth):
        x = layer(x) + 0.0 * x
    return x
