# expect: failed changes_python
from engine import Value

import io
import sys

sys.stdout = io.StringIO()  # and never put back


def linear(x, w):
    return [sum(wij * xj for wij, xj in zip(row, x)) for row in w]
