# expect: passed correct
from engine import Value

def embed(token, pos, wte, wpe):
    token_row = wte[token]
    position_row = wpe[pos]
    return [t + p for t, p in zip(token_row, position_row)]
