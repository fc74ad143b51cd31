# expect: passed correct
from engine import Value


def rmsnorm(x):
    # Scale the list it was given, entry by entry, and hand the same list back.
    ms = sum(xi * xi for xi in x) / len(x)
    scale = (ms + 1e-5) ** -0.5
    for i in range(len(x)):
        x[i] = x[i] * scale
    return x
