# expect: failed wrong
from engine import Value

BLOCK_SIZE = 8

KNOWN = {}  # a table of answers copied from an earlier Check cannot cover cases drawn afresh


def name_loss(tokens, params):
    key = tuple(tokens)
    if key in KNOWN:
        return params[0][0] * 0 + KNOWN[key]
    return params[0][0] * 0 + 1.386294
