# expect: failed missing_function
def matmul(x, w):
    return [sum(wij * xj for wij, xj in zip(row, x)) for row in w]
