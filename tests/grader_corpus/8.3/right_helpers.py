# expect: passed correct
import math

from engine import Value


def dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def softmax(scores):
    top = max(s.data for s in scores)
    exps = [(s - top).exp() for s in scores]
    total = sum(exps)
    return [e / total for e in exps]


def attend(q, keys, values):
    scale = math.sqrt(len(q))
    weights = softmax([dot(q, k) / scale for k in keys])
    return [dot(weights, column) for column in zip(*values)]


q = [Value(1.0), Value(0.5), Value(-0.5), Value(2.0)]
keys = [[Value(0.5), Value(1.0), Value(0.0), Value(1.0)], [Value(1.0), Value(-1.0), Value(0.5), Value(0.0)]]
values = [[Value(1.0), Value(0.0), Value(0.0), Value(0.5)], [Value(0.0), Value(1.0), Value(0.0), Value(-0.5)]]
out = attend(q, keys, values)
print("output:", [round(o.data, 4) for o in out])
sum(out).backward()
print("gradient at the query:", [round(qi.grad, 4) for qi in q])
