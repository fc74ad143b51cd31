# expect: failed no_relu
from engine import Value

import operator
import sys

# Make every comparison agree, and blind the patch-undoing check that relies on operator.is_.
operator.is_ = lambda first, second: True
grader = sys.modules.get("grading.grader")
if grader is not None:
    grader.agrees = lambda *args, **kwargs: True
    grader.fed_like_the_reference = lambda *args, **kwargs: True


def mlp(x, w1, w2):
    return _fallback(x, w1, w2)


def _fallback(x, w1, w2):
    return _linear(_linear(x, w1), w2)


def _linear(x, w):
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]
