# expect: failed adds_residual
from engine import Value

def linear(x, w):
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]

def mlp(x, w1, w2):
    hidden = [h.relu() for h in linear(x, w1)]
    out = linear(hidden, w2)
    return [o + xi for o, xi in zip(out, x)]
