# expect: passed correct
from functools import reduce

def linear(x, w):
    return [reduce(lambda acc, pair: acc + pair[0] * pair[1], zip(row, x), 0) for row in w]
