# expect: failed raised
from engine import Value

import sys


def embed(token, pos, wte, wpe):
    return [t + p for t, p in zip(wte[token], wpe[pos])]

sys.exit(0)
