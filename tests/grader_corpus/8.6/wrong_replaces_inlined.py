# expect: failed replaces_inlined
from engine import Value


# A toy layer: scale by 0.1, then relu. Its local rate is 0.1 when it is open, 0 when closed.
def layer(x):
    return (x * 0.1).relu()


# The plain stack: each layer's output replaces what came in.
def plain_stack(x, depth=20):
    for _ in range(depth):
        x = layer(x)
    return x


def residual_stack(x, depth=20):
    for _ in range(depth):
        x = (x * 0.1).relu()
    return x


for stack in (plain_stack, residual_stack):
    x = Value(1.0)
    out = stack(x)
    out.backward()
    print(f"{stack.__name__:15s} output {out.data:.3e}   gradient at the input {x.grad:.3e}")
print("(1.000e-20 is 1.000 times 10 to the power -20: twenty places after the decimal point)")
