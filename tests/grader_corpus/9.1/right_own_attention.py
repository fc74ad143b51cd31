# expect: passed correct
from engine import Value

def softmax(scores):
    top = max(s.data for s in scores)
    exps = [(s - top).exp() for s in scores]
    total = sum(exps)
    return [e / total for e in exps]


def multi_head(q, keys, values, wo, n_head):
    d = len(q) // n_head
    joined = []
    for h in range(n_head):
        s = h * d
        qh = q[s:s + d]
        scores = [sum(qh[j] * k[s + j] for j in range(d)) / d ** 0.5 for k in keys]
        weights = softmax(scores)
        for j in range(d):
            joined.append(sum(weights[t] * values[t][s + j] for t in range(len(values))))
    return [sum(w * x for w, x in zip(row, joined)) for row in wo]
