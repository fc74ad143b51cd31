"""training/traced_update.py: the Adam step traced once gives, for every parameter, what calling it gives."""

import math
import random

from tests.test_training import references
from training.traced_update import traced_update

LEARNING_RATE, BETA1, BETA2, EPS, NUM_STEPS = 0.01, 0.85, 0.99, 1e-8, 1000


def lessons_adam_step():
    """Lesson 10.2's reference adam_step, as the training page runs it."""
    namespace = {}
    exec(references()["adam_step"], namespace)
    return namespace["adam_step"]


def written_otherwise(p, g, m, v, step):
    """The same update with other operations: reflected ones, a negation, a division of a number by a value."""
    m = (1 - BETA1) * g + m * BETA1
    v = (1 - BETA2) * (g * g) + BETA2 * v
    correction = 1 / (1 - BETA2 ** (step + 1))
    inverse_root = 1 / ((v * correction) ** 0.5 + EPS)
    p = p + -(LEARNING_RATE * (1 - step / NUM_STEPS)) * (m / (1 - BETA1 ** (step + 1))) * inverse_root
    return p, m, v


def numbers(count, seed):
    rng = random.Random(seed)
    return [[rng.uniform(-1, 1) for _ in range(count)] for _ in range(2)] + [
        [rng.uniform(-0.1, 0.1) for _ in range(count)],
        [rng.uniform(0, 0.01) for _ in range(count)],
    ]


def test_the_traced_step_is_the_called_step_to_the_last_bit():
    for function in (lessons_adam_step(), written_otherwise):
        for step in (0, 1, 10, 999):
            P, G, M, V = numbers(500, step)
            called = [tuple(function(p, g, m, v, step)) for p, g, m, v in zip(P, G, M, V)]
            traced_update(function)(P, G, M, V, step)  # in place
            assert list(zip(P, M, V)) == called


def test_a_step_that_does_more_than_arithmetic_is_not_traced():
    def with_sqrt(p, g, m, v, step):
        return [p - 0.01 * g / (math.sqrt(v) + 1e-8), m, v]

    def with_a_branch(p, g, m, v, step):
        return [p - 0.01 if g > 0 else p + 0.01, m, v]

    def two_numbers(p, g, m, v, step):
        return [p - 0.01 * g, m]

    def first_step_apart(p, g, m, v, step):
        return [p - (0.1 if step == 0 else 0.01) * g, m, v]

    for function in (with_sqrt, with_a_branch, two_numbers, first_step_apart):
        assert traced_update(function) is None
