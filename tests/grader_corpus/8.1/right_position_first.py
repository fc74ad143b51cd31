# expect: passed correct
def embed(token, pos, wte, wpe):
    return [p + t for p, t in zip(wpe[pos], wte[token])]
