# expect: failed changes_python
from engine import Value

import sys

sys.setrecursionlimit(12)


def multiply(a, b):
    return Value(a.data * b.data, (a, b), (b.data, a.data), "*")
