# expect: failed replaces
import engine.graph
from engine import Value


def layer(x):
    return (x * 0.1).relu()


def residual_stack(x, depth=20):
    # Try to bend the grader's own backward: make every gradient come out as 1.1 ** depth.
    engine.graph.backpropagate = lambda root: setattr(x, "grad", 1.1**depth)
    Value.backward = lambda self: engine.graph.backpropagate(self)
    for _ in range(depth):
        x = layer(x)
    return x
