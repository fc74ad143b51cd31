# expect: failed bypasses
from engine import Value

from engine.graph import backpropagate


def backward(root):
    backpropagate(root)
