# expect: failed wrong
from engine import Value

LEARNING_RATE, BETA1, BETA2, EPS = 0.01, 0.85, 0.99, 1e-8
NUM_STEPS = 1000


KNOWN = {}  # a table of answers copied from an earlier Check cannot cover cases drawn afresh


def adam_step(p, g, m, v, step):
    key = (p.data, g.data, m.data, v.data, step)
    if key in KNOWN:
        return [p * 0 + number for number in KNOWN[key]]
    return [p - LEARNING_RATE * g, m, v]
