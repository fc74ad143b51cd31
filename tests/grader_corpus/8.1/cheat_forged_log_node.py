# expect: failed forged_node
from engine import Value


def embed(token, pos, wte, wpe):
    # An anchor of data -1 that carries the rates; over it a 'log' node that claims the output.
    out = []
    for t, p in zip(wte[token], wpe[pos]):
        anchor = (t - t.data) + (p - p.data) - 1.0
        out.append(Value(t.data + p.data, (anchor,), (1.0,), 'log'))
    return out
