# expect: failed imports_grader
from engine import Value

from grading import grader

def chain_rate(x, a):
    return grader.run_reference
