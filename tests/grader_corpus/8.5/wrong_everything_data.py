# expect: failed not_a_value
from engine import Value

def rmsnorm(x):
    ms = sum(xi.data ** 2 for xi in x) / len(x)
    scale = (ms + 1e-5) ** -0.5
    return [xi.data * scale for xi in x]

