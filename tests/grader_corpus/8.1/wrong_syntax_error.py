# expect: failed syntax_error
def embed(token, pos, wte, wpe):
    return [t + p for t, p in zip(wte[token], wpe[pos])
