# expect: failed replaces
from engine import Value


def layer(x):
    return (x * 0.1).relu()


def residual_stack(x, depth=20):
    for _ in range(depth):
        x = layer(x)
    return x


def fake_backward(self):
    """Pretend every leaf got the gradient the lesson talks about."""
    stack, seen = [self], set()
    while stack:
        node = stack.pop()
        if id(node) not in seen:
            seen.add(id(node))
            node.grad = 1.1 ** 20
            stack.extend(node._children)


Value.backward = fake_backward

x = Value(1.0)
out = residual_stack(x)
out.backward()
print(x.grad)
