# expect: failed raised
from engine import Value


def mlp(x, w1, w2):
    total = sum(x)
    return [xi / (total - total) for xi in x]
