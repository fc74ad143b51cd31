# expect: passed correct
from engine import Value

def linear(x, w):
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]

def mlp(x, w1, w2):
    hidden = linear(x, w1)
    print("firing:", sum(1 for h in hidden if h.data > 0), "of", len(hidden))
    fired = [h.relu() for h in hidden]
    return linear(fired, w2)
