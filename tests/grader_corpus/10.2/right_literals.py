# expect: passed correct
from engine import Value

def adam_step(p, g, m, v, step):
    m = 0.85 * m + 0.15 * g
    v = 0.99 * v + 0.01 * g * g
    m_hat = m / (1 - 0.85 ** (step + 1))
    v_hat = v / (1 - 0.99 ** (step + 1))
    lr_t = 0.01 * (1 - step / 1000)
    return [p - lr_t * m_hat / (v_hat ** 0.5 + 1e-8), m, v]
