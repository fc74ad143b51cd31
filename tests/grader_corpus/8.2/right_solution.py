# expect: passed correct
from engine import Value

def linear(x, w):
    out = []
    for row in w:
        total = sum(wij * xj for wij, xj in zip(row, x))
        out.append(total)
    return out
