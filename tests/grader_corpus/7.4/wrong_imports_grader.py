# expect: failed imports_grader
from engine import Value


def multiply(a, b):
    from grading.grader import run_reference

    return run_reference
