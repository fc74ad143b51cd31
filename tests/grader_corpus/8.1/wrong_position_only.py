# expect: failed wrong
def embed(token, pos, wte, wpe):
    return [p * 1 for p in wpe[pos]]
