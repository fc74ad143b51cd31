# expect: passed correct
from engine import Value

def linear(x, w):
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]


def attend(q, keys, values):
    scores = [sum(qi * ki for qi, ki in zip(q, k)) / len(q) ** 0.5 for k in keys]
    top = max(s.data for s in scores)
    exps = [(s - top).exp() for s in scores]
    total = sum(exps)
    weights = [e / total for e in exps]
    return [sum(w * v[j] for w, v in zip(weights, values)) for j in range(len(values[0]))]


def split(vector, n_head):
    d = len(vector) // n_head
    return [vector[h * d:(h + 1) * d] for h in range(n_head)]


def multi_head(q, keys, values, wo, n_head):
    key_slices = [split(k, n_head) for k in keys]
    value_slices = [split(v, n_head) for v in values]
    joined = []
    for h, q_h in enumerate(split(q, n_head)):
        joined.extend(attend(q_h, [ks[h] for ks in key_slices], [vs[h] for vs in value_slices]))
    return linear(joined, wo)
