# expect: failed raised
from engine import Value


def linear(x, w):
    total = sum(x)
    return [row[0] / (total - total) for row in w]
