# expect: passed correct
from engine import Value

def embed(token, pos, wte, wpe):
    out = []
    for j in range(len(wte[token])):
        out.append(wte[token][j] + wpe[pos][j])
    return out
