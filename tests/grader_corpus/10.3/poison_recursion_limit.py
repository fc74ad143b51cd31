# expect: failed changes_python
from engine import Value

BLOCK_SIZE = 8

import sys

# The lowest limit Python accepts here: how deep this line runs is the grader's business.
for lowest in range(2, 1000):
    try:
        sys.setrecursionlimit(lowest)
        break
    except RecursionError:
        continue


def name_loss(tokens, params):
    return _work(tokens, params)


def _work(tokens, params):
    cache = []
    n = min(BLOCK_SIZE, len(tokens) - 1)
    return sum(cross_entropy(model(tokens[pos], pos, cache, params), tokens[pos + 1]) for pos in range(n)) / n
