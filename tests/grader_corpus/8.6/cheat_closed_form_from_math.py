# expect: failed wrong
from engine import Value


def layer(x):
    return (x * 0.1).relu()

def residual_stack(x, depth=20):
    # Read the layer's rate off two probes, run the stack in plain floats, and wire in layer calls
    # that carry just the gradients a real stack's calls would, so the numbers look right.
    rate = layer(Value(1.0)).data or -layer(Value(-1.0)).data
    points = [x.data]
    for _ in range(depth):
        points.append(points[-1] + max(0.0, rate * points[-1]))
    slopes = [1.0]
    for point in reversed(points[:-1]):
        slopes.append(slopes[-1] * (1 + (rate if rate * point > 0 else 0.0)))
    out = (x - x.data) * slopes[-1] + points[-1]
    for k in range(depth):
        call = layer(Value(points[k]))
        out = out + (call - call.data) * slopes[depth - 1 - k]
    return out
