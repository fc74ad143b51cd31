# expect: failed wrong
from engine import Value

# The outputs of the first written case, copied from an earlier Check's table.
SEEN = {((1.0, 0.0), (0.0, 1.0)): [1.0, 0.0, 0.4688, 1.0623]}


def causal_attention(qs, ks, vs):
    typed = SEEN.get(tuple(tuple(x.data for x in q) for q in qs))
    if typed is None:
        return [x * 0 for row in vs for x in row]
    return [qs[0][0] * 0 + number for number in typed]
