# expect: passed correct
def embed(token, pos, wte, wpe):
    # A lookup as a product with one-hot vectors: the zeros leave every other row out.
    width = len(wte[0])
    tok = [1.0 if i == token else 0.0 for i in range(len(wte))]
    place = [1.0 if i == pos else 0.0 for i in range(len(wpe))]
    return [sum(tok[i] * wte[i][j] for i in range(len(wte)) if tok[i])
            + sum(place[i] * wpe[i][j] for i in range(len(wpe)) if place[i]) for j in range(width)]
