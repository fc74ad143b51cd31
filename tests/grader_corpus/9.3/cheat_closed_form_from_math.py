# expect: failed bypasses
from engine import Value

def forward(x, n_layer):
    # Work the answer out on copies, then hand back Values built to carry its numbers and slopes.
    copies = [Value(xi.data) for xi in x]
    stream = copies
    for li in range(n_layer):
        stream = [a + b for a, b in zip(stream, attention(rmsnorm(stream), li))]
        stream = [a + b for a, b in zip(stream, mlp(rmsnorm(stream), li))]
    logits = output_head(stream)
    sum(logits).backward()
    outs = [x[0] * 0 + l.data for l in logits]
    for xi, c in zip(x, copies):
        outs[0] = outs[0] + (xi - xi.data) * c.grad
    return outs
