# expect: failed wrong
def linear(x, w):
    out = []
    for row in w:
        for wij, xj in zip(row, x):
            total = wij * xj
        out.append(total)
    return out
