# expect: passed correct
from engine import Value

def linear(x, w):
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]

def mlp(x, w1, w2):
    # relu as the unit times 1 where it fires and 0 where it does not: same numbers, same gradient
    fired = [h * (1.0 if h.data > 0 else 0.0) for h in linear(x, w1)]
    return linear(fired, w2)
