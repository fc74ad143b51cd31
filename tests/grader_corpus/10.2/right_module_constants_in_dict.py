# expect: passed correct
from engine import Value

ADAM = {"lr": 0.01, "beta1": 0.85, "beta2": 0.99, "eps": 1e-8, "steps": 1000}


def adam_step(p, g, m, v, step):
    b1, b2 = ADAM["beta1"], ADAM["beta2"]
    m = b1 * m + (1 - b1) * g
    v = b2 * v + (1 - b2) * g**2
    m_hat = m / (1 - b1 ** (step + 1))
    v_hat = v / (1 - b2 ** (step + 1))
    lr_t = ADAM["lr"] * (1 - step / ADAM["steps"])
    return [p - lr_t * m_hat / (v_hat**0.5 + ADAM["eps"]), m, v]
