# expect: passed correct
from engine import Value

LEARNING_RATE, BETA1, BETA2, EPS = 0.01, 0.85, 0.99, 1e-8
NUM_STEPS = 1000


def running_average(old, new, beta):
    return beta * old + (1 - beta) * new


def corrected(average, beta, step):
    """Divide out the share of the past a running average that started at 0 has seen."""
    return average / (1 - beta ** (step + 1))


def learning_rate(step):
    return LEARNING_RATE * (1 - step / NUM_STEPS)


def adam_step(p, g, m, v, step):
    m = running_average(m, g, BETA1)
    v = running_average(v, g * g, BETA2)
    update = corrected(m, BETA1, step) / (corrected(v, BETA2, step) ** 0.5 + EPS)
    return [p - learning_rate(step) * update, m, v]
