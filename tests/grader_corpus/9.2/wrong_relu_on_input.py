# expect: failed relu_on_input
from engine import Value

def linear(x, w):
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]

def mlp(x, w1, w2):
    x = [xi.relu() for xi in x]
    return linear(linear(x, w1), w2)
