# expect: failed changes_python
from engine import Value

import builtins


def embed(token, pos, wte, wpe):
    result = _work(token, pos, wte, wpe)
    for name in list(vars(builtins)):
        if not name.startswith("__"):
            delattr(builtins, name)
    return result


def _work(token, pos, wte, wpe):
    return [t + p for t, p in zip(wte[token], wpe[pos])]
