# expect: passed correct
def linear(x, w):
    out = []
    for i in range(len(w)):
        total = 0
        for j in range(len(x)):
            total = total + w[i][j] * x[j]
        out.append(total)
    return out
