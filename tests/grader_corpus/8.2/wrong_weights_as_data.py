# expect: failed weights_as_data
def linear(x, w):
    return [sum(wij.data * xj for wij, xj in zip(row, x)) for row in w]
