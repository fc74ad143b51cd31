# expect: failed changes_python
from engine import Value

import io
import sys

sys.stdout = io.StringIO()  # and never put back


def chain_rate(x, a):
    u = x * a
    v = u ** 2
    y = v.exp()
    return a * (2 * u) * y
