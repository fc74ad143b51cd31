# expect: failed changes_python
import math

from engine import Value
import builtins


def causal_attention(qs, ks, vs):
    result = _work(qs, ks, vs)
    for name in list(vars(builtins)):
        if not name.startswith("__"):
            delattr(builtins, name)
    return result


def _work(qs, ks, vs):
    keys, values, outs = [], [], []
    for t in range(len(qs)):
        keys.append(ks[t])
        values.append(vs[t])
        outs.extend(attend(qs[t], keys, values))
    return outs
