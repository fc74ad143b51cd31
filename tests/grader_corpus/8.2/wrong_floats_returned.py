# expect: failed not_a_value
def linear(x, w):
    return [sum(wij.data * xj.data for wij, xj in zip(row, x)) for row in w]
