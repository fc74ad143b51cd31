# expect: failed skips_first
def linear(x, w):
    out = []
    for row in w:
        total = 0
        for j in range(1, len(x)):
            total = total + row[j] * x[j]
        out.append(total)
    return out
