# expect: failed not_a_value
def embed(token, pos, wte, wpe):
    return sum(wte[token]) + sum(wpe[pos])
