# expect: failed changes_python
from engine import Value

import builtins


def first_probability(s1, s2):
    result = _work(s1, s2)
    for name in list(vars(builtins)):
        if not name.startswith("__"):
            delattr(builtins, name)
    return result


def _work(s1, s2):
    top = s1.exp()
    return top / (top + s2.exp())
