# expect: passed correct
import operator

def embed(token, pos, wte, wpe):
    return list(map(operator.add, wte[token], wpe[pos]))
