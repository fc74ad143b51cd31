# expect: failed no_gradient
from engine import Value

def embed(token, pos, wte, wpe):
    return [Value(t.data + p.data) for t, p in zip(wte[token], wpe[pos])]
