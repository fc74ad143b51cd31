# expect: failed abs_not_relu
from engine import Value

def linear(x, w):
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]

def mlp(x, w1, w2):
    fired = [h if h.data >= 0 else h * -1 for h in linear(x, w1)]
    return linear(fired, w2)
