# expect: passed correct
def linear(x, w):
    return tuple(sum(wij * xj for wij, xj in zip(row, x)) for row in w)
