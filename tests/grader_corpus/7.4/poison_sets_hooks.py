# expect: failed changes_python
from engine import Value

import sys


def multiply(a, b):
    sys.excepthook = lambda *details: None
    sys.settrace(lambda *event: None)
    return Value(a.data * b.data, (a, b), (b.data, a.data), "*")
