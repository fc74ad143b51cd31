# expect: failed relu_on_output
from engine import Value

def linear(x, w):
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]

def mlp(x, w1, w2):
    out = linear(linear(x, w1), w2)
    return [o.relu() for o in out]
