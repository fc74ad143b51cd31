# expect: failed wrong
from engine import Value

def linear(x, w):
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]

def mlp(x, w1, w2):
    fired = [h.relu() for h in linear(x, w1)]
    columns = [list(col) for col in zip(*w2)]
    return [sum(c * a for c, a in zip(col, fired)) for col in columns][: len(x)]
