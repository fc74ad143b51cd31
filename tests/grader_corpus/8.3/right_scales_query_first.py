# expect: passed correct
import math

from engine import Value


def attend(q, keys, values):
    root = math.sqrt(len(q))
    scaled = [qi / root for qi in q]
    scores = [sum(si * ki for si, ki in zip(scaled, k)) for k in keys]
    top = max(s.data for s in scores)
    exps = [(s - top).exp() for s in scores]
    total = sum(exps)
    return [sum(e * v[j] for e, v in zip(exps, values)) / total for j in range(len(values[0]))]
