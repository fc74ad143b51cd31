# expect: passed correct
def dot(a, b):
    return sum(p * q for p, q in zip(a, b))


def linear(x, w):
    return [dot(row, x) for row in w]
