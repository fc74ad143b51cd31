# expect: failed no_gradient
from engine import Value

def linear(x, w):
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]

def mlp(x, w1, w2):
    # the right numbers, but every hidden unit is a new Value: the path back to x and w1 is cut
    fired = [Value(max(0.0, h.data)) for h in linear(x, w1)]
    return linear(fired, w2)
