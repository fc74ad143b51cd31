# expect: failed no_gradient
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
    # the right numbers from a copy of plain Values, then dressed as outputs made from the inputs
    copy = lambda m: [[Value(x.data) for x in row] for row in m]
    numbers = _work([Value(x.data) for x in q], copy(keys), copy(values), copy(wo), n_head)
    return [q[0] * 0 + n.data for n in numbers]


def _work(q, keys, values, wo, n_head):
    d = len(q) // n_head
    joined = []
    for h in range(n_head):
        s = h * d
        joined.extend(attend(q[s:s + d], [k[s:s + d] for k in keys], [v[s:s + d] for v in values]))
    return linear(joined, wo)
