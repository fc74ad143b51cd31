# expect: failed missing_function
def embedding(token, pos, wte, wpe):
    return [t + p for t, p in zip(wte[token], wpe[pos])]
