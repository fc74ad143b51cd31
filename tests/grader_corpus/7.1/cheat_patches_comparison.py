# expect: failed one_side_up
from engine import Value


import operator
import sys

# Make every comparison agree, and blind the patch-undoing check that relies on operator.is_.
operator.is_ = lambda first, second: True
grader = sys.modules.get("grading.grader")
if grader is not None:
    grader.agrees = lambda *args, **kwargs: True
    grader.fed_like_the_reference = lambda *args, **kwargs: True


def slope(f, x, h):
    return (f(x + h) - f(x)) / h
