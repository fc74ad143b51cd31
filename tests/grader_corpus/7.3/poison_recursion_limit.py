# expect: failed changes_python
from engine import Value

import sys

sys.setrecursionlimit(12)


def first_probability(s1, s2):
    top = s1.exp()
    return top / (top + s2.exp())
