# expect: failed forged_node
from engine import Value


def linear(x, w):
    # An anchor of data -1 that carries the rates; over it a 'log' node that claims the output.
    out = []
    for row in w:
        number = sum(wij.data * xj.data for wij, xj in zip(row, x))
        anchor = sum((wij - wij.data) * xj.data + (xj - xj.data) * wij.data for wij, xj in zip(row, x)) - 1.0
        out.append(Value(number, (anchor,), (1.0,), 'log'))
    return out
