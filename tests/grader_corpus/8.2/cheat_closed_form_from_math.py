# expect: failed closed_form
from engine import Value


def linear(x, w):
    # The outputs from plain numbers, and the gradients fitted on at the case's own numbers only:
    # each weight is given the rate x_j as a constant, each input the rate w_ij as a constant, and the
    # products of moves (the second-order part) are left out.
    out = []
    for row in w:
        number = sum(wij.data * xj.data for wij, xj in zip(row, x))
        total = x[0] * 0 + number
        for wij, xj in zip(row, x):
            total = total + (wij - wij.data) * xj.data + (xj - xj.data) * wij.data
        out.append(total)
    return out
