# expect: passed correct
from engine import Value

def dot(a, b):
    total = 0
    for p, q in reversed(list(zip(a, b))):
        total = q * p + total
    return total


def mlp(x, w1, w2):
    fired = [dot(row, x).relu() for row in w1]
    return [dot(row, fired) for row in w2]
