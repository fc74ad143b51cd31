# expect: passed correct
import math

from engine import Value


def attend(q, keys, values):
    scores = [sum(qi * ki for qi, ki in zip(q, k)) / math.sqrt(len(q)) for k in keys]
    top = max(s.data for s in scores)
    exps = [(s - top).exp() for s in scores]
    total = sum(exps)
    weights = [e / total for e in exps]
    return [sum(w * v[j] for w, v in zip(weights, values)) for j in range(len(values[0]))]


q = [Value(1.0), Value(0.5), Value(-0.5), Value(2.0)]
keys = [[Value(0.5), Value(1.0), Value(0.0), Value(1.0)], [Value(1.0), Value(-1.0), Value(0.5), Value(0.0)]]
values = [[Value(1.0), Value(0.0), Value(0.0), Value(0.5)], [Value(0.0), Value(1.0), Value(0.0), Value(-0.5)]]
out = attend(q, keys, values)
print("output:", [round(o.data, 4) for o in out])
sum(out).backward()
print("gradient at the query:", [round(qi.grad, 4) for qi in q])
