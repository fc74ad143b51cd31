"""A scalar autograd engine for the gradlab lessons, standard library only."""

from engine.graph import backpropagate, dismantle, topological_order
from engine.value import Value

__version__ = "0.1.0"
__all__ = ["Value", "backpropagate", "dismantle", "topological_order"]
