# expect: failed not_a_value
def linear(x, w):
    return sum(sum(wij * xj for wij, xj in zip(row, x)) for row in w)
