# expect: failed swapped
def embed(pos, token, wte, wpe):
    return [t + p for t, p in zip(wte[token], wpe[pos])]
