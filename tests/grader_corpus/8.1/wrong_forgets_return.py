# expect: failed not_a_value
def embed(token, pos, wte, wpe):
    x = [t + p for t, p in zip(wte[token], wpe[pos])]
