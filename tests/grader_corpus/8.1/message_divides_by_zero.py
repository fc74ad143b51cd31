# expect: failed raised
from engine import Value


def embed(token, pos, wte, wpe):
    total = sum(wte[token])
    return [t / (total - total) for t in wpe[pos]]
