# expect: passed correct
from engine import Value

def linear(x, w):
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]

def mlp(vec, up, down):
    detectors = [unit.relu() for unit in linear(vec, up)]
    return linear(detectors, down)
