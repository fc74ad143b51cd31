# expect: failed wrong
def linear(x, w):
    return [sum(wij * xj for wij, xj in zip(w[0], x))]
