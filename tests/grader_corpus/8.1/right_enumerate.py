# expect: passed correct
def embed(token, pos, wte, wpe):
    pos_row = wpe[pos]
    return [t + pos_row[j] for j, t in enumerate(wte[token])]
