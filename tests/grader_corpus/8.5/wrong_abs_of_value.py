# expect: failed raised
from engine import Value

def rmsnorm(x):
    ms = sum(abs(xi) for xi in x) / len(x)
    scale = (ms + 1e-5) ** -0.5
    return [xi * scale for xi in x]

