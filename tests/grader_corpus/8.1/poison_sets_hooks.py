# expect: failed changes_python
from engine import Value

import sys


def embed(token, pos, wte, wpe):
    sys.excepthook = lambda *details: None
    sys.settrace(lambda *event: None)
    return _work(token, pos, wte, wpe)


def _work(token, pos, wte, wpe):
    return [t + p for t, p in zip(wte[token], wpe[pos])]
