# expect: passed correct
def linear(x, w):
    return [sum(xj * wij for xj, wij in zip(x, row)) for row in w]
