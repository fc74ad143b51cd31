# expect: failed changes_python
from engine import Value

import importlib
import sys


def backward(root):
    sys.modules.pop("engine.graph", None)
    fresh = importlib.import_module("engine.graph")
    fresh.backpropagate(root)
