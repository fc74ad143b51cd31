# expect: failed products_not_summed
def linear(x, w):
    out = []
    for row in w:
        for wij, xj in zip(row, x):
            out.append(wij * xj)
    return out
