# expect: failed no_residual
from engine import Value

import operator
import sys

# Make every comparison agree, and blind the patch-undoing check that relies on operator.is_.
operator.is_ = lambda first, second: True
grader = sys.modules.get("grading.grader")
if grader is not None:
    grader.agrees = lambda *args, **kwargs: True
    grader.fed_like_the_reference = lambda *args, **kwargs: True


def forward(x, n_layer):
    return _fallback(x, n_layer)


def _fallback(x, n_layer):
    for li in range(n_layer):
        x = attention(rmsnorm(x), li)
        x = mlp(rmsnorm(x), li)
    return output_head(x)
