# expect: failed not_a_value
from engine import Value

def rmsnorm(x):
    ms = sum(xi * xi for xi in x) / len(x)
    scale = (ms + 1e-5) ** -0.5
    out = [xi * scale for xi in x]

