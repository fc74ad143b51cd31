# expect: failed imports_grader
import grading.grader

def linear(x, w):
    return [sum(wij * xj for wij, xj in zip(row, x)) for row in w]
