# expect: failed no_gradient
from engine import Value

def linear(x, w):
    return [Value(sum(wij.data * xj.data for wij, xj in zip(row, x))) for row in w]
