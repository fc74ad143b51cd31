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


def attend(q, keys, values):
    originals = [q, keys, values]
    copies = [copy(rows) for rows in originals]
    results = _work(*copies)
    sum(results).backward()
    pairs = [(x, c.grad) for rows, crows in zip(originals, copies) for x, c in zip(flat(rows), flat(crows))]
    anchor = flat(originals[0])[0]
    rest = [anchor * 0 + r.data for r in results[1:]]
    return [forged(results[0].data, pairs)] + rest


def _work(q, keys, values):
    scores = [sum(qi * ki for qi, ki in zip(q, k)) / math.sqrt(len(q)) for k in keys]
    top = max(s.data for s in scores)
    exps = [(s - top).exp() for s in scores]
    total = sum(exps)
    weights = [e / total for e in exps]
    return [sum(w * v[j] for w, v in zip(weights, values)) for j in range(len(values[0]))]
