# expect: passed correct
import math


# The Value class from lessons 7.4 and 7.5, written out in full instead of imported.
class Value:
    __slots__ = ("data", "grad", "_children", "_local_grads")

    def __init__(self, data, children=(), local_grads=()):
        self.data = data
        self.grad = 0
        self._children = children
        self._local_grads = local_grads

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data + other.data, (self, other), (1, 1))

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data * other.data, (self, other), (other.data, self.data))

    def relu(self):
        return Value(max(0, self.data), (self,), (float(self.data > 0),))

    def log(self):
        return Value(math.log(self.data), (self,), (1 / self.data,))

    def backward(self):
        order, seen, todo = [], set(), [(self, False)]
        while todo:
            node, done = todo.pop()
            if done:
                order.append(node)
            elif node not in seen:
                seen.add(node)
                todo.append((node, True))
                todo.extend((child, False) for child in node._children)
        self.grad = 1
        for node in reversed(order):
            for child, local in zip(node._children, node._local_grads):
                child.grad += local * node.grad


def layer(x):
    return (x * 0.1).relu()


def residual_stack(x, depth=20):
    for _ in range(depth):
        x = x + layer(x)
    return x


x = Value(1.0)
out = residual_stack(x)
out.backward()
print(f"residual_stack output {out.data:.3e}   gradient at the input {x.grad:.3e}")
