# expect: failed bad_signature
from engine import Value

def rmsnorm(x, eps):
    ms = sum(xi * xi for xi in x) / len(x)
    scale = (ms + eps) ** -0.5
    return [xi * scale for xi in x]

