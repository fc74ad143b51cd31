# expect: failed closed_form
from engine import Value

LEARNING_RATE, BETA1, BETA2, EPS = 0.01, 0.85, 0.99, 1e-8
NUM_STEPS = 1000


def adam_step(p, g, m, v, step):
    # Work it out on copies, then hand back Values built to carry the numbers and the slopes.
    inputs = [p, g, m, v]
    copies = [Value(x.data) for x in inputs]
    results = _honest(*copies, step)
    sum(results).backward()
    outs = [p * 0 + r.data for r in results]
    for x, c in zip(inputs, copies):
        outs[0] = outs[0] + (x - x.data) * c.grad
    return outs


def _honest(p, g, m, v, step):
    m = BETA1 * m + (1 - BETA1) * g
    v = BETA2 * v + (1 - BETA2) * g**2
    m_hat = m / (1 - BETA1 ** (step + 1))
    v_hat = v / (1 - BETA2 ** (step + 1))
    lr_t = LEARNING_RATE * (1 - step / NUM_STEPS)
    p = p - lr_t * m_hat / (v_hat**0.5 + EPS)
    return [p, m, v]
