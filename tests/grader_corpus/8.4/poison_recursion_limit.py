# expect: failed changes_python
import math

from engine import Value
import sys

sys.setrecursionlimit(12)


def causal_attention(qs, ks, vs):
    keys, values, outs = [], [], []
    for t in range(len(qs)):
        keys.append(ks[t])
        values.append(vs[t])
        outs.extend(attend(qs[t], keys, values))
    return outs
