# expect: failed no_bias_correction
from engine import Value

LEARNING_RATE, BETA1, BETA2, EPS = 0.01, 0.85, 0.99, 1e-8
NUM_STEPS = 1000


def adam_step(p, g, m, v, step):
    m = BETA1 * m + (1 - BETA1) * g
    v = BETA2 * v + (1 - BETA2) * g**2
    lr_t = LEARNING_RATE * (1 - step / NUM_STEPS)
    return [p - lr_t * m / (v**0.5 + EPS), m, v]
