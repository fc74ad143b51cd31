# expect: failed imports_grader
from engine import Value
from grading import grader


def residual_stack(x, depth=20):
    return grader.run_reference
