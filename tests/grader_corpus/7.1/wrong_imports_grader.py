# expect: failed imports_grader
from engine import Value


import grading.grader


def slope(f, x, h):
    return (f(x + h) - f(x - h)) / (2 * h)
