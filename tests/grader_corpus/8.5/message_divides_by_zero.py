# expect: failed raised
from engine import Value


def rmsnorm(x):
    total = sum(xi * xi for xi in x)
    return [xi / (total - total) for xi in x]
