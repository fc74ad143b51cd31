# expect: failed imports_grader
from engine import Value

from grading import grader


def forward(x, n_layer):
    return output_head(x)
