# expect: failed sees_future
import math

from engine import Value  # the Value class you wrote in Module 7


def attend(q, keys, values):
    """The head of lesson 8.3, given: the weighted sum of the values, by the softmax of q.k / sqrt(d)."""
    if len(keys) == 1:
        return [v * 1 for v in values[0]]  # one position: its weight is exactly 1
    scores = [sum(qi * ki for qi, ki in zip(q, k)) / math.sqrt(len(q)) for k in keys]
    top = max(s.data for s in scores)
    exps = [(s - top).exp() for s in scores]
    total = sum(exps)
    weights = [e / total for e in exps]
    return [sum(w * v[j] for w, v in zip(weights, values)) for j in range(len(values[0]))]


def causal_attention(qs, ks, vs):
    outs = []
    for t in range(len(qs)):
        outs.extend(attend(qs[t], ks, vs))
    return outs
