"""A scalar that remembers how it was computed, so gradients can flow back through it."""

import math
from types import MappingProxyType

from engine.graph import backpropagate

# Children of Values being freed, let go one at a time by the outermost __del__ (see Value.__del__).
_orphans = []
_freeing = False


def _exp(a):
    result = math.exp(a)
    return result, (result,)


# Every operation of the engine, in one table: its name (what a Value's _op records) → its rule, which
# takes the data of the operation's inputs and gives (the result's data, d result / d input for each
# input). Value's methods compute with these rules, and so does whoever must work a node out again (the
# grader): an operation is added here, with the method that uses it, and is then known everywhere.
# Read-only: a rule rewritten by learner code would hold for every later run in that interpreter.
OPERATIONS = MappingProxyType(
    {
        "+": lambda a, b: (a + b, (1.0, 1.0)),
        "*": lambda a, b: (a * b, (b, a)),
        "log": lambda a: (math.log(a), (1.0 / a,)),
        "exp": _exp,
        "relu": lambda a: (max(0.0, a), (float(a > 0),)),
    }
)


def power(exponent):
    """The rule of raising to a fixed number, an operation recorded as "**" and the number ("**2")."""
    return lambda a: (a**exponent, (exponent * a ** (exponent - 1),))


def exponent_of(op):
    """The fixed number a power's _op names ("**2" → 2, "**-0.5" → -0.5), or None if op names no power."""
    if not (isinstance(op, str) and op.startswith("**")):
        return None
    text = op[2:]
    try:  # the exponent as f"{exponent}" wrote it: "2", "-1", "0.5", "1e-05", "inf"
        return float(text) if any(mark in text for mark in ".en") else int(text)
    except ValueError:
        return None


def rule_of(op):
    """The rule of the operation a Value's _op names ("+", "**-1", "relu"…), or None if the engine has none."""
    exponent = exponent_of(op)
    if exponent is not None:
        return power(exponent)
    return OPERATIONS.get(op) if isinstance(op, str) and not op.startswith("**") else None


def _apply(op, *inputs, rule=None):
    """The Value that operation op (by its rule in OPERATIONS unless given rule) makes from inputs."""
    inputs = tuple(x if isinstance(x, Value) else Value(x) for x in inputs)
    data, local_grads = (rule or OPERATIONS[op])(*(x.data for x in inputs))
    return Value(data, inputs, local_grads, op)


# The rules the methods below call most, read from OPERATIONS once and called directly. A training step
# makes some 60,000 Values, and _apply's general form (tuples built by generators, the table looked up each
# time) took about half the time of the forward pass; the rarer power still goes through it.
_ADD, _MULTIPLY, _LOG, _EXP, _RELU = (OPERATIONS[op] for op in ("+", "*", "log", "exp", "relu"))


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
        if not isinstance(other, Value):
            other = Value(other)
        data, local_grads = _ADD(self.data, other.data)
        return Value(data, (self, other), local_grads, "+")

    def __mul__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        data, local_grads = _MULTIPLY(self.data, other.data)
        return Value(data, (self, other), local_grads, "*")

    def __pow__(self, exponent):
        if not isinstance(exponent, (int, float)):
            return NotImplemented
        return _apply(f"**{exponent}", self, rule=power(exponent))

    def log(self):
        data, local_grads = _LOG(self.data)
        return Value(data, (self,), local_grads, "log")

    def exp(self):
        data, local_grads = _EXP(self.data)
        return Value(data, (self,), local_grads, "exp")

    def relu(self):
        data, local_grads = _RELU(self.data)
        return Value(data, (self,), local_grads, "relu")

    def __neg__(self):
        return self * -1.0

    def __sub__(self, other):
        return self + (-other)

    def __truediv__(self, other):
        return self * other**-1

    # other + self, where other is a number: the same node as self + other (children in that order)
    __radd__ = __add__

    def __rsub__(self, other):
        return other + (-self)

    __rmul__ = __mul__

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
