# expect: failed wrong
from engine import Value

KNOWN = {}  # a table of answers copied from an earlier Check cannot cover cases drawn afresh


def forward(x, n_layer):
    key = (tuple(round(v.data, 2) for v in x), n_layer)
    if key in KNOWN:
        return [x[0] * 0 + number for number in KNOWN[key]]
    return output_head(x)
