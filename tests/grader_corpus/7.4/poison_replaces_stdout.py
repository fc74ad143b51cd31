# expect: failed changes_python
from engine import Value

import io
import sys

sys.stdout = io.StringIO()  # and never put back


def multiply(a, b):
    return Value(a.data * b.data, (a, b), (b.data, a.data), "*")
