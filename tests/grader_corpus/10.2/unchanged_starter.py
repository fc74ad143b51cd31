# expect: failed unchanged_starter
from engine import Value  # the Value class you wrote in Module 7

LEARNING_RATE, BETA1, BETA2, EPS = 0.01, 0.85, 0.99, 1e-8  # microgpt's
NUM_STEPS = 1000


def adam_step(p, g, m, v, step):
    """One Adam update of parameter p, whose gradient is g, at training step `step` (from 0). m and v
    are the running averages from the step before. Returns [p, m, v] after the update."""
    m = m  # TODO: the running average of the gradient
    v = v  # TODO: the running average of the gradient's square
    m_hat = m  # TODO: m with the bias of its start at 0 corrected
    v_hat = v  # TODO: the same for v
    lr_t = LEARNING_RATE  # TODO: this step's learning rate, falling linearly to 0 over NUM_STEPS
    p = p - lr_t * g  # TODO: the step, scaled by the square root of v_hat (** 0.5 on a Value)
    return [p, m, v]


p, m, v = Value(0.5), Value(0.0), Value(0.0)
for step, g in enumerate([0.2, 0.3, -0.1]):
    p, m, v = adam_step(p, Value(g), m, v, step)
    print("step", step, "p:", round(p.data, 6), "m:", round(m.data, 6), "v:", round(v.data, 6))
