# expect: failed closed_form
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
    # The outputs and their gradients worked out on copies, then dressed as Values built from the inputs.
    def copy(m):
        return [[Value(x.data) for x in row] for row in m]

    cq, ck, cv, cw = [Value(x.data) for x in q], copy(keys), copy(values), copy(wo)
    numbers = _work(cq, ck, cv, cw, n_head)
    sum(numbers).backward()
    pairs = list(zip(q, cq))
    for mine, theirs in ((keys, ck), (values, cv), (wo, cw)):
        for row, copied in zip(mine, theirs):
            pairs.extend(zip(row, copied))
    outs = [q[0] * 0 + n.data for n in numbers]
    for x, c in pairs:
        outs[0] = outs[0] + (x - x.data) * c.grad
    return outs


def _work(q, keys, values, wo, n_head):
    d = len(q) // n_head
    joined = []
    for h in range(n_head):
        s = h * d
        joined.extend(attend(q[s:s + d], [k[s:s + d] for k in keys], [v[s:s + d] for v in values]))
    return linear(joined, wo)

