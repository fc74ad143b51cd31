# expect: failed forged_node
import math

from engine import Value


def forged(out, pairs):
    # An anchor of data -1 that carries the slopes; over it a 'log' node that claims the output.
    # log(-1) has no value, so a check that gives up when the rule fails lets it through.
    anchor = sum((value - value.data) * slope for value, slope in pairs) - 1.0
    return Value(out, (anchor,), (1.0,), "log")


def copy(rows):
    return [[Value(x.data) for x in row] for row in rows] if isinstance(rows[0], list) else [Value(x.data) for x in rows]


def flat(rows):
    return [x for row in rows for x in row] if isinstance(rows[0], list) else list(rows)


def causal_attention(qs, ks, vs):
    originals = [qs, ks, vs]
    copies = [copy(rows) for rows in originals]
    results = _work(*copies)
    sum(results).backward()
    pairs = [(x, c.grad) for rows, crows in zip(originals, copies) for x, c in zip(flat(rows), flat(crows))]
    anchor = flat(originals[0])[0]
    rest = [anchor * 0 + r.data for r in results[1:]]
    return [forged(results[0].data, pairs)] + rest


def _work(qs, ks, vs):
    keys, values, outs = [], [], []
    for t in range(len(qs)):
        keys.append(ks[t])
        values.append(vs[t])
        outs.extend(attend(qs[t], keys, values))
    return outs
