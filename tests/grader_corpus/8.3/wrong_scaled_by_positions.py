# expect: failed scaled_by_positions
import math

from engine import Value


def attend(q, keys, values):
    scores = [sum(qi * ki for qi, ki in zip(q, k)) / math.sqrt(len(keys)) for k in keys]
    top = max(s.data for s in scores)
    exps = [(s - top).exp() for s in scores]
    total = sum(exps)
    weights = [e / total for e in exps]
    return [sum(w * v[j] for w, v in zip(weights, values)) for j in range(len(values[0]))]
