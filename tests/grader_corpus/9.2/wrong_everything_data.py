# expect: failed not_a_value
from engine import Value

def mlp(x, w1, w2):
    hidden = [max(0.0, sum(w.data * xi.data for w, xi in zip(row, x))) for row in w1]
    return [sum(w.data * a for w, a in zip(row, hidden)) for row in w2]
