# expect: passed correct
def add_rows(a, b):
    return [x + y for x, y in zip(a, b)]


def embed(token, pos, wte, wpe):
    return add_rows(wte[token], wpe[pos])
