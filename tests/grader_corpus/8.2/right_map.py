# expect: passed correct
import operator

def linear(x, w):
    return [sum(map(operator.mul, row, x)) for row in w]
