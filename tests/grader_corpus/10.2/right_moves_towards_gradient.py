# expect: passed correct
from engine import Value

LEARNING_RATE, BETA1, BETA2, EPS = 0.01, 0.85, 0.99, 1e-8
NUM_STEPS = 1000


def adam_step(p, g, m, v, step):
    # b1*m + (1-b1)*g written as m moved towards g by (1-b1) of the gap
    m = m + (1 - BETA1) * (g - m)
    v = v + (1 - BETA2) * (g**2 - v)
    m_hat = m / (1 - BETA1 ** (step + 1))
    v_hat = v / (1 - BETA2 ** (step + 1))
    lr_t = LEARNING_RATE * (1 - step / NUM_STEPS)
    return [p - lr_t * m_hat / (v_hat**0.5 + EPS), m, v]
