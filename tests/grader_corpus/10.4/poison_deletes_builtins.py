# expect: failed changes_python
from engine import Value


def softmax(logits):
    top = max(l.data for l in logits)
    exps = [(l - top).exp() for l in logits]
    total = sum(exps)
    return [e / total for e in exps]


import builtins


def probability_of(logits, temperature, token):
    result = _work(logits, temperature, token)
    for name in list(vars(builtins)):
        if not name.startswith("__"):
            delattr(builtins, name)
    return result


def _work(logits, temperature, token):
    return softmax([l / temperature for l in logits])[token]
