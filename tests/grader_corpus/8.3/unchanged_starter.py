# expect: failed unchanged_starter
import math

from engine import Value  # the Value class you wrote in Module 7


def attend(q, keys, values):
    """One attention head: q is the query; keys and values hold one row per position it looks at."""
    scores = []  # TODO: one score per row of keys, the dot product with q divided by sqrt(len(q))
    weights = []  # TODO: softmax of the scores, the largest score (a plain number) subtracted first
    out = []  # TODO: the weighted sum of the rows of values, one Value per column
    return out


q = [Value(1.0), Value(0.5), Value(-0.5), Value(2.0)]
keys = [[Value(0.5), Value(1.0), Value(0.0), Value(1.0)], [Value(1.0), Value(-1.0), Value(0.5), Value(0.0)]]
values = [[Value(1.0), Value(0.0), Value(0.0), Value(0.5)], [Value(0.0), Value(1.0), Value(0.0), Value(-0.5)]]
out = attend(q, keys, values)
print("output:", [round(o.data, 4) for o in out])
sum(out).backward()
print("gradient at the query:", [round(qi.grad, 4) for qi in q])
