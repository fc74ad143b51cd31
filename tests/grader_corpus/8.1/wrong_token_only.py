# expect: failed token_only
def embed(token, pos, wte, wpe):
    return wte[token]
