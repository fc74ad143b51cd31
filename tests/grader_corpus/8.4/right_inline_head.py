# expect: passed correct
import math

from engine import Value


def causal_attention(qs, ks, vs):
    outs = []
    for t in range(len(qs)):
        keys, values = ks[: t + 1], vs[: t + 1]
        if t == 0:
            outs.extend(v * 1 for v in values[0])
            continue
        scores = [sum(a * b for a, b in zip(qs[t], k)) / math.sqrt(len(qs[t])) for k in keys]
        top = max(s.data for s in scores)
        exps = [(s - top).exp() for s in scores]
        total = sum(exps)
        outs.extend(sum(e / total * v[j] for e, v in zip(exps, values)) for j in range(len(values[0])))
    return outs
