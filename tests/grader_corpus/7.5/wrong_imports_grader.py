# expect: failed imports_grader
from engine import Value

def backward(root):
    from grading.grader import run_reference
