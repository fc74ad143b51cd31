# expect: failed forged_node
from engine import Value

LEARNING_RATE, BETA1, BETA2, EPS = 0.01, 0.85, 0.99, 1e-8
NUM_STEPS = 1000


def forged(out, pairs):
    # An anchor of data -1 carrying the slopes, under a 'log' node that claims the output.
    anchor = sum((value - value.data) * slope for value, slope in pairs) - 1.0
    return Value(out, (anchor,), (1.0,), "log")


def adam_step(p, g, m, v, step):
    inputs = [p, g, m, v]
    copies = [Value(x.data) for x in inputs]
    results = _honest(*copies, step)
    sum(results).backward()
    rest = [p * 0 + r.data for r in results[1:]]
    return [forged(results[0].data, [(x, c.grad) for x, c in zip(inputs, copies)])] + rest


def _honest(p, g, m, v, step):
    m = BETA1 * m + (1 - BETA1) * g
    v = BETA2 * v + (1 - BETA2) * g**2
    m_hat = m / (1 - BETA1 ** (step + 1))
    v_hat = v / (1 - BETA2 ** (step + 1))
    lr_t = LEARNING_RATE * (1 - step / NUM_STEPS)
    p = p - lr_t * m_hat / (v_hat**0.5 + EPS)
    return [p, m, v]
