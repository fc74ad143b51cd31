# expect: failed changes_python
from engine import Value

import io
import sys

sys.stdout = io.StringIO()  # and never put back


def first_probability(s1, s2):
    top = s1.exp()
    return top / (top + s2.exp())
