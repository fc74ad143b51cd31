# expect: failed wrong
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


def multi_head(q, keys, values, wo, n_head):
    # adds the heads' outputs instead of joining them, then pads back to the width
    d = len(q) // n_head
    total = [0.0] * d
    for h in range(n_head):
        s = h * d
        out = attend(q[s:s + d], [k[s:s + d] for k in keys], [v[s:s + d] for v in values])
        total = [a + b for a, b in zip(total, out)]
    return linear(total * n_head, wo)
