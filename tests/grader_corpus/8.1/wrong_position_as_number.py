# expect: failed position_as_number
def embed(token, pos, wte, wpe):
    return [t + pos for t in wte[token]]
