# expect: failed closed_form
from engine import Value

import math

def rmsnorm(x):
    # Every output and every gradient from the formula, carried by Values built to show them.
    data = [xi.data for xi in x]
    n = len(data)
    mean_square = sum(d * d for d in data) / n + 1e-5
    scale = mean_square ** -0.5
    total = sum(data)
    slopes = [scale - total * d * mean_square ** -1.5 / n for d in data]
    outs = [xi * 0 + d * scale for xi, d in zip(x, data)]
    for xi, slope in zip(x, slopes):
        outs[0] = outs[0] + (xi - xi.data) * slope
    return outs
