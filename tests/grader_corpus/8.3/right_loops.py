# expect: passed correct
import math

from engine import Value


def attend(q, keys, values):
    d = len(q)
    scores = []
    for k in keys:
        s = 0
        for i in range(d):
            s = s + q[i] * k[i]
        scores.append(s / math.sqrt(d))
    top = max(s.data for s in scores)
    exps = []
    for s in scores:
        exps.append((s - top).exp())
    total = 0
    for e in exps:
        total = total + e
    out = []
    for j in range(len(values[0])):
        column = 0
        for t in range(len(values)):
            column = column + exps[t] / total * values[t][j]
        out.append(column)
    return out
