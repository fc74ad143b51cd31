# expect: failed position_from_token_table
def embed(token, pos, wte, wpe):
    token_row = wte[token]
    position_row = wte[pos]
    return [t + p for t, p in zip(token_row, position_row)]
