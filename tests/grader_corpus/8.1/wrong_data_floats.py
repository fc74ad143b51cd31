# expect: failed not_a_value
def embed(token, pos, wte, wpe):
    return [t.data + p.data for t, p in zip(wte[token], wpe[pos])]
