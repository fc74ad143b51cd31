# expect: passed correct
from engine import Value

def linear(x, w):
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]

def mlp(x, w1, w2):
    fired = list(map(lambda h: h.relu(), linear(x, w1)))
    return linear(fired, w2)
