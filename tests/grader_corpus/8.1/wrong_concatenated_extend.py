# expect: failed concatenated
def embed(token, pos, wte, wpe):
    x = list(wte[token])
    x.extend(wpe[pos])
    return x
