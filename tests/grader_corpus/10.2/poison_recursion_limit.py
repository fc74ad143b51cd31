# expect: failed changes_python
from engine import Value

LEARNING_RATE, BETA1, BETA2, EPS = 0.01, 0.85, 0.99, 1e-8
NUM_STEPS = 1000


import sys

# The lowest limit Python accepts here: how deep this line runs is the grader's business.
for lowest in range(2, 1000):
    try:
        sys.setrecursionlimit(lowest)
        break
    except RecursionError:
        continue


def adam_step(p, g, m, v, step):
    m = BETA1 * m + (1 - BETA1) * g
    v = BETA2 * v + (1 - BETA2) * g**2
    m_hat = m / (1 - BETA1 ** (step + 1))
    v_hat = v / (1 - BETA2 ** (step + 1))
    lr_t = LEARNING_RATE * (1 - step / NUM_STEPS)
    p = p - lr_t * m_hat / (v_hat**0.5 + EPS)
    return [p, m, v]
