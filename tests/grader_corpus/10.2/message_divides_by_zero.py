# expect: failed raised
from engine import Value

LEARNING_RATE, BETA1, BETA2, EPS = 0.01, 0.85, 0.99, 1e-8
NUM_STEPS = 1000


def adam_step(p, g, m, v, step):
    return [p / (g - g), m, v]
