# expect: passed correct
def linear(x, w):
    return [sum(row[j] * x[j] for j in reversed(range(len(x)))) for row in w]
