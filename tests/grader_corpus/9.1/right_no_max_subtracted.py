# expect: passed correct
from engine import Value

def multi_head(q, keys, values, wo, n_head):
    # attention written out, softmax without subtracting the largest score: same numbers here
    d = len(q) // n_head
    joined = []
    for h in range(n_head):
        s = h * d
        exps = [(sum(a * b for a, b in zip(q[s:s + d], k[s:s + d])) * d ** -0.5).exp() for k in keys]
        total = sum(exps)
        for j in range(d):
            joined.append(sum(e / total * v[s + j] for e, v in zip(exps, values)))
    return [sum(w * x for w, x in zip(row, joined)) for row in wo]
