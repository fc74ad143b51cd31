# expect: passed correct
def embed(token, pos, wte, wpe):
    x = [t * 1.0 for t in wte[token]]
    for j, p in enumerate(wpe[pos]):
        x[j] += p
    return x
