# expect: failed concatenated
def embed(token, pos, wte, wpe):
    token_row = wte[token]
    position_row = wpe[pos]
    return token_row + position_row
