# expect: failed bad_signature
def embed(token, wte, wpe):
    return [t + p for t, p in zip(wte[token], wpe[0])]
