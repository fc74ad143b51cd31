# expect: failed imports_grader
from engine import Value


def residual_stack(x, depth=20):
    import grading.grader  # reach for the reference from inside the function
    for _ in range(depth):
        x = layer(x)
    return x
