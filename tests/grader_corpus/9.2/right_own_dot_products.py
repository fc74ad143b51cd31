# expect: passed correct
from engine import Value

def mlp(x, w1, w2):
    hidden = []
    for row in w1:
        total = 0
        for w, xi in zip(row, x):
            total = total + w * xi
        hidden.append(total.relu())
    out = []
    for row in w2:
        total = 0
        for w, a in zip(row, hidden):
            total = total + w * a
        out.append(total)
    return out
