# expect: failed changes_python
from engine import Value


import io
import sys

sys.stdout = io.StringIO()  # and never put back


def slope(f, x, h):
    return (f(x + h) - f(x - h)) / (2 * h)
