# expect: passed correct
def linear(x, w):
    out = []
    for row in w:
        total = row[0] * x[0]
        for j in range(1, len(x)):
            total += row[j] * x[j]
        out.append(total)
    return out
