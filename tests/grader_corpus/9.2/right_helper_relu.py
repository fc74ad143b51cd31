# expect: passed correct
from engine import Value

def linear(x, w):
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]

def relu_all(values):
    return [v.relu() for v in values]


def mlp(x, w1, w2):
    return linear(relu_all(linear(x, w1)), w2)
