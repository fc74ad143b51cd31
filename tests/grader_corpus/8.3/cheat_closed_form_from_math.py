# expect: failed closed_form
import math

from engine import Value


def attend(q, keys, values):
    # The output and every gradient from the formulas, carried by Values built to show them.
    qd = [x.data for x in q]
    kd = [[x.data for x in row] for row in keys]
    vd = [[x.data for x in row] for row in values]
    root = math.sqrt(len(qd))
    scores = [sum(a * b for a, b in zip(qd, k)) / root for k in kd]
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    weights = [e / sum(exps) for e in exps]
    out = [sum(w * v[j] for w, v in zip(weights, vd)) for j in range(len(vd[0]))]
    mixed = sum(out)
    slopes = [w * (sum(v) - mixed) for w, v in zip(weights, vd)]
    outs = [q[0] * 0 + o for o in out]
    for i, x in enumerate(q):
        outs[0] = outs[0] + (x - x.data) * sum(s * k[i] for s, k in zip(slopes, kd)) / root
    for s, row in zip(slopes, keys):
        for i, x in enumerate(row):
            outs[0] = outs[0] + (x - x.data) * (s * qd[i] / root)
    for w, row in zip(weights, values):
        for x in row:
            outs[0] = outs[0] + (x - x.data) * w
    return outs
