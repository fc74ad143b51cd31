# expect: failed changes_python
from engine import Value

import sys

sys.setrecursionlimit(12)


def embed(token, pos, wte, wpe):
    return [t + p for t, p in zip(wte[token], wpe[pos])]
