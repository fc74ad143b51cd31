# expect: failed imports_grader
from engine import Value

def first_probability(s1, s2):
    from grading.grader import run_reference
    return run_reference

