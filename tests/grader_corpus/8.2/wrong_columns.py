# expect: failed columns
def linear(x, w):
    return [sum(wij * xj for wij, xj in zip(column, x)) for column in zip(*w)]
