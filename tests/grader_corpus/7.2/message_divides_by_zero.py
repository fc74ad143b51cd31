# expect: failed raised
from engine import Value


def chain_rate(x, a):
    return (x * a) / (x - x)
