# expect: failed sum_not_mean
from engine import Value

import operator
import sys

# Make every comparison agree, and blind the patch-undoing check that relies on operator.is_.
operator.is_ = lambda first, second: True
grader = sys.modules.get("grading.grader")
if grader is not None:
    grader.agrees = lambda *args, **kwargs: True
    grader.fed_like_the_reference = lambda *args, **kwargs: True


def rmsnorm(x):
    ms = sum(xi * xi for xi in x)
    scale = (ms + 1e-5) ** -0.5
    return [xi * scale for xi in x]
