# expect: failed unchanged_starter
from engine import Value  # the Value class you wrote in Module 7

def linear(x, w):
    """Supplied: lesson 8.2's linear, one dot product of x with each row of w."""
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]

def attend(q, keys, values):
    """Supplied: lesson 8.3's attention for one head. Scores q.k / sqrt(len(q)), softmax with the
    largest score subtracted first, then the weighted sum of the values."""
    scores = [sum(qi * ki for qi, ki in zip(q, k)) / len(q) ** 0.5 for k in keys]
    top = max(s.data for s in scores)
    exps = [(s - top).exp() for s in scores]
    total = sum(exps)
    weights = [e / total for e in exps]
    return [sum(w * v[j] for w, v in zip(weights, values)) for j in range(len(values[0]))]

def multi_head(q, keys, values, wo, n_head):
    """Attention with n_head heads, each on its own contiguous slice; the heads' outputs joined, then wo."""
    head_dim = len(q) // n_head
    joined = []
    for h in range(n_head):
        pass  # TODO: this head's slices of q, of every key and of every value; attend; add to joined
    return joined  # TODO: the output matrix mixes the heads

q = [Value(1.0), Value(0.0), Value(0.0), Value(2.0)]
keys = [[Value(1.0), Value(0.0), Value(1.0), Value(0.0)], [Value(0.0), Value(1.0), Value(0.0), Value(1.0)]]
values = [[Value(1.0), Value(2.0), Value(3.0), Value(4.0)], [Value(-1.0), Value(0.5), Value(2.0), Value(-2.0)]]
wo = [[Value(1.0), Value(0.0), Value(0.5), Value(0.0)], [Value(0.0), Value(1.0), Value(0.0), Value(-0.5)],
      [Value(0.5), Value(0.0), Value(1.0), Value(0.0)], [Value(0.0), Value(-1.0), Value(0.0), Value(1.0)]]
out = multi_head(q, keys, values, wo, 2)
print("output:    ", [round(o.data, 4) for o in out])
sum(out).backward()
print("grad at q: ", [round(qi.grad, 4) for qi in q])
