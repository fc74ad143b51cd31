# expect: failed token_only
def embed(token, pos, wte, wpe):
    return [t + 0 for t in wte[token]]
