# expect: passed correct
import math

from engine import Value


def attend(q, keys, values):
    scores = [sum(qi * ki for qi, ki in zip(q, k)) / math.sqrt(len(q)) for k in keys]
    top = max(s.data for s in scores)
    exps = [(s - top).exp() for s in scores]
    total = sum(exps)
    out = [0.0] * len(values[0])
    for e, row in zip(exps, values):
        w = e / total
        for j, x in enumerate(row):
            out[j] = out[j] + w * x
    return out
