# expect: failed imports_grader
from engine import Value

BLOCK_SIZE = 8

from grading import grader


def name_loss(tokens, params):
    return params[0][0]
