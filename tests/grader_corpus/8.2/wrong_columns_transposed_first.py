# expect: failed columns
def linear(x, w):
    transposed = [list(column) for column in zip(*w)]
    out = []
    for column in transposed:
        out.append(sum(c * xj for c, xj in zip(column, x)))
    return out
