# expect: failed not_a_value
from engine import Value


def rmsnorm(x):
    ms = sum(xi * xi for xi in x) / len(x)
    return x[0] * (ms + 1e-5) ** -0.5
