# expect: passed correct
from engine import Value

LEARNING_RATE, BETA1, BETA2, EPS = 0.01, 0.85, 0.99, 1e-8
NUM_STEPS = 1000


def adam_step(param, grad, first, second, step):
    first = BETA1 * first + (1 - BETA1) * grad
    second = BETA2 * second + (1 - BETA2) * grad**2
    first_hat = first / (1 - BETA1 ** (step + 1))
    second_hat = second / (1 - BETA2 ** (step + 1))
    rate = LEARNING_RATE * (1 - step / NUM_STEPS)
    param = param - rate * first_hat / (second_hat**0.5 + EPS)
    return [param, first, second]
