# expect: failed closed_form
from engine import Value


def mlp(x, w1, w2):
    # Every output from plain numbers, then every gradient attached by hand through Values built to show it.
    xs = [xi.data for xi in x]
    a = [[w.data for w in row] for row in w1]
    b = [[w.data for w in row] for row in w2]
    h = [sum(w * v for w, v in zip(row, xs)) for row in a]
    fired = [max(0.0, v) for v in h]
    out = [sum(w * f for w, f in zip(row, fired)) for row in b]
    col = [sum(b[k][j] for k in range(len(b))) for j in range(len(h))]
    results = [x[0] * 0 + value for value in out]
    for i, xi in enumerate(x):
        slope = sum(col[j] * a[j][i] for j in range(len(h)) if h[j] > 0)
        results[0] = results[0] + (xi - xi.data) * slope
    for j, row in enumerate(w1):
        for i, w in enumerate(row):
            if h[j] > 0:
                results[0] = results[0] + (w - w.data) * (col[j] * xs[i])
    for row in w2:
        for j, w in enumerate(row):
            results[0] = results[0] + (w - w.data) * fired[j]
    return results
