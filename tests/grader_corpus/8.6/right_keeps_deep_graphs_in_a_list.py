# expect: passed correct
from engine import Value


def layer(x):
    return (x * 0.1).relu()


def residual_stack(x, depth=20):
    for _ in range(depth):
        x = x + layer(x)
    return x


# Deep graphs held by a list and a dict, then let go together.
graphs = [residual_stack(Value(1.0), 3000) for _ in range(2)]
by_name = {"deep": residual_stack(Value(2.0), 3000)}
graphs.clear()
by_name = None
