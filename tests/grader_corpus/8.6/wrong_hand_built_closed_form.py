# expect: failed forged_node
from engine import Value


def residual_stack(x, depth=20):
    # Probe the layer's rate, then hand back a node that claims the closed-form gradient.
    rate = layer(Value(1.0)).data
    gain = 1 + rate if x.data > 0 else 1.0
    return Value(x.data * gain**depth, (x,), (gain**depth,))
