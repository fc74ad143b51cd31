# expect: failed changes_python
from engine import Value

import sys


def first_probability(s1, s2):
    sys.excepthook = lambda *details: None
    sys.settrace(lambda *event: None)
    return _work(s1, s2)


def _work(s1, s2):
    top = s1.exp()
    return top / (top + s2.exp())
