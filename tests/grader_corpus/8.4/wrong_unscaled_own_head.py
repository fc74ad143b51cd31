# expect: failed wrong
import math

from engine import Value


def causal_attention(qs, ks, vs):
    outs = []
    for t in range(len(qs)):
        scores = [sum(a * b for a, b in zip(qs[t], k)) for k in ks[: t + 1]]
        top = max(s.data for s in scores)
        exps = [(s - top).exp() for s in scores]
        total = sum(exps)
        outs.extend(sum(e / total * v[j] for e, v in zip(exps, vs)) for j in range(len(vs[0])))
    return outs
