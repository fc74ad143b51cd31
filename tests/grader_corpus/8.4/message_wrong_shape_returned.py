# expect: failed not_a_value
import math

from engine import Value


def causal_attention(qs, ks, vs):
    return _work(qs, ks, vs)[0]


def _work(qs, ks, vs):
    keys, values, outs = [], [], []
    for t in range(len(qs)):
        keys.append(ks[t])
        values.append(vs[t])
        outs.extend(attend(qs[t], keys, values))
    return outs
