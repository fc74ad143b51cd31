# expect: failed not_a_value
def linear(x, w):
    out = [sum(wij * xj for wij, xj in zip(row, x)) for row in w]
