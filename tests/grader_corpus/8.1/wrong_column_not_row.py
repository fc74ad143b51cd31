# expect: failed raised
def embed(token, pos, wte, wpe):
    return [wte[i][token] + wpe[i][pos] for i in range(len(wte))]
