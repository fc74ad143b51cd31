# expect: passed correct
from engine import Value

LEARNING_RATE, BETA1, BETA2, EPS = 0.01, 0.85, 0.99, 1e-8
NUM_STEPS = 1000


def adam_step(p, g, m, v, step):
    new_m = BETA1 * m + (1 - BETA1) * g
    new_v = BETA2 * v + (1 - BETA2) * g**2
    m_hat = new_m * (1 / (1 - BETA1 ** (step + 1)))
    v_hat = new_v * (1 / (1 - BETA2 ** (step + 1)))
    update = m_hat / (v_hat**0.5 + EPS)
    new_p = p - update * (LEARNING_RATE * (1 - step / NUM_STEPS))
    return [new_p, new_m, new_v]
