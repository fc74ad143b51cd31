# expect: passed correct
import math

from engine import Value


def attend(q, keys, values):
    scores = [sum(qi * ki for qi, ki in zip(q, k)) / math.sqrt(len(q)) for k in keys]
    weights = [1 / sum((u - s).exp() for u in scores) for s in scores]
    return [sum(w * v[j] for w, v in zip(weights, values)) for j in range(len(values[0]))]
