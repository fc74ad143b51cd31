# expect: failed raised
import math

from engine import Value
import sys


def causal_attention(qs, ks, vs):
    keys, values, outs = [], [], []
    for t in range(len(qs)):
        keys.append(ks[t])
        values.append(vs[t])
        outs.extend(attend(qs[t], keys, values))
    return outs


sys.exit(0)
