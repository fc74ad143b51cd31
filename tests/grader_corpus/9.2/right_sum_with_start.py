# expect: passed correct
from engine import Value

def mlp(x, w1, w2):
    fired = [sum((w * xi for w, xi in zip(row, x)), Value(0.0)).relu() for row in w1]
    return [sum((w * a for w, a in zip(row, fired)), Value(0.0)) for row in w2]
