# expect: failed not_a_value
from engine import Value


def linear(x, w):
    return sum(wij * xj for wij, xj in zip(w[0], x))
