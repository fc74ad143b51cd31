# expect: failed adds_rates
from engine import Value

import operator
import sys

# Make every comparison agree, and blind the patch-undoing check that relies on operator.is_.
operator.is_ = lambda first, second: True
grader = sys.modules.get("grading.grader")
if grader is not None:
    grader.agrees = lambda *args, **kwargs: True
    grader.fed_like_the_reference = lambda *args, **kwargs: True


def chain_rate(x, a):
    u = x * a
    v = u ** 2
    y = v.exp()
    return a + 2 * u + y
