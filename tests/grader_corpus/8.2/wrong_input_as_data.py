# expect: failed no_gradient
def linear(x, w):
    return [sum(wij * xj.data for wij, xj in zip(row, x)) for row in w]
