# expect: passed correct
def embed(token, pos, wte, wpe):
    return tuple(t + p for t, p in zip(wte[token], wpe[pos]))
