# expect: failed sum_not_mean
from engine import Value

BLOCK_SIZE = 8

import gc


def name_loss(tokens, params):
    # Look through every object Python holds for the exercise, and run the solution it carries.
    for thing in gc.get_objects():
        if type(thing).__name__ == "Exercise" and isinstance(getattr(thing, "solution", None), str):
            namespace = {}
            exec(thing.solution, namespace)
            return namespace["name_loss"](tokens, params)
    return _fallback(tokens, params)


def _fallback(tokens, params):
    cache = []
    n = min(BLOCK_SIZE, len(tokens) - 1)
    return sum(cross_entropy(model(tokens[pos], pos, cache, params), tokens[pos + 1]) for pos in range(n))
