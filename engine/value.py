"""A scalar that remembers how it was computed, so gradients can flow back through it."""
import math

from engine.graph import backpropagate

# Children of Values being freed, let go one at a time by the outermost __del__ (see Value.__del__).
_orphans = []
_freeing = False


class Value:
    """A scalar node in a computation graph, with the gradient of the final output w.r.t. it."""

    __slots__ = ("data", "grad", "_children", "_local_grads", "_op")

    def __init__(self, data, children=(), local_grads=(), op=""):
        self.data = data
        self.grad = 0.0
        self._children = children  # the Values this one was computed from
        self._local_grads = local_grads  # d self / d child, one per child
        self._op = op  # the operation that made it ("+", "*", "**2", "relu"…), "" for an input

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data + other.data, (self, other), (1.0, 1.0), "+")

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data * other.data, (self, other), (other.data, self.data), "*")

    def __pow__(self, exponent):
        if not isinstance(exponent, (int, float)):
            return NotImplemented
        return Value(self.data**exponent, (self,), (exponent * self.data ** (exponent - 1),), f"**{exponent}")

    def log(self):
        return Value(math.log(self.data), (self,), (1.0 / self.data,), "log")

    def exp(self):
        result = math.exp(self.data)
        return Value(result, (self,), (result,), "exp")

    def relu(self):
        return Value(max(0.0, self.data), (self,), (float(self.data > 0),), "relu")

    def __neg__(self):
        return self * -1.0

    def __sub__(self, other):
        return self + (-other)

    def __truediv__(self, other):
        return self * other**-1

    def __radd__(self, other):
        return self + other

    def __rsub__(self, other):
        return other + (-self)

    def __rmul__(self, other):
        return self * other

    def __rtruediv__(self, other):
        return other * self**-1

    def backward(self):
        """Fill in .grad for every Value this one depends on (grads accumulate across calls)."""
        backpropagate(self)

    def __del__(self):
        # Freeing a graph frees each node from inside its parent's destructor: in Pyodide a chain of
        # ~1,500 Values overflows the JavaScript stack and kills Python for good, whoever dropped it.
        # So a dying Value hands its children to a list that the outermost __del__ empties in a loop.
        global _freeing
        try:
            children = self._children
        except AttributeError:  # made without __init__
            return
        if not children:
            return
        _orphans.append(children)
        self._children = children = ()
        if _freeing:
            return
        _freeing = True
        try:
            while _orphans:
                _orphans.pop()  # frees one tuple of children; their own __del__ only queues theirs
        finally:
            _freeing = False

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
