# expect: failed no_relu
from engine import Value

def linear(x, w):
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]

def mlp(x, w1, w2):
    hidden = linear(x, w1)
    return linear(hidden, w2)
