# expect: failed swapped
def embed(token, pos, wte, wpe):
    return [t + p for t, p in zip(wte[pos], wpe[token])]
