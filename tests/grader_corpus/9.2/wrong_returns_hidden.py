# expect: failed wrong
from engine import Value

def linear(x, w):
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]

def mlp(x, w1, w2):
    return [h.relu() for h in linear(x, w1)]
