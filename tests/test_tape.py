"""training/tape.py: a recorded graph replayed on new numbers gives the engine's values and gradients."""

import math
import random

import pytest

from engine import Value
from engine.value import OPERATIONS, power
from training.tape import CODE_OF_OPERATION, CannotRecord, Tape, code_of, code_of_power, placeholders

EXPONENTS = (2, 3, -1, -2, 0.5, -0.5, 1e-05)


def engine_numbers(build, numbers, parameters):
    """(the outputs' data, the inputs' grads, the parameters' grads) of build(inputs, parameters) on the engine,
    each output's gradient weighted by its position (1, 2, …) so that every output counts differently."""
    inputs = placeholders(numbers)
    for p in parameters:
        p.grad = 0.0
    outputs = build(inputs, parameters)
    total = sum((y * (j + 1) for j, y in enumerate(outputs)), Value(0.0))
    total.backward()
    return [y.data for y in outputs], [x.grad for x in inputs], [p.grad for p in parameters]


def replayed_numbers(tape, numbers, parameters, count):
    P = [p.data for p in parameters]
    G = [0.0] * len(P)
    outputs, saved = tape.forward(P, list(numbers))
    input_grads = tape.backward(saved, [float(j + 1) for j in range(count)], G, P, list(numbers))
    return list(outputs), input_grads, G


def record(build, numbers, parameters):
    inputs = placeholders(numbers)
    outputs = build(inputs, parameters)
    return Tape(inputs, outputs, {id(p): i for i, p in enumerate(parameters)}), len(outputs)


def a_small_model(x, w):
    """Every operation, a node used by several others, a constant, a long sum, and an input returned as is."""
    hidden = [(xi * wi + 0.5).relu() for xi, wi in zip(x, w)]
    scores = [(h - 1.0).exp() for h in hidden]
    total = sum(scores)
    probabilities = [s / total for s in scores]
    norm = (sum(h * h for h in hidden) + 1e-5) ** -0.5
    long_sum = sum((xi * xi for xi in x * 1250), Value(0.0))  # 5,000 terms: deeper than one line may nest
    return [*probabilities, -probabilities[0].log(), norm * x[1], x[2], long_sum, x[3] ** 3]


@pytest.mark.parametrize("seed", range(5))
def test_a_replay_on_new_numbers_gives_the_engines_values_exactly_and_its_gradients(seed):
    rng = random.Random(seed)
    parameters = [Value(rng.uniform(-2, 2)) for _ in range(4)]
    tape, count = record(a_small_model, [rng.uniform(-2, 2) for _ in range(4)], parameters)
    for p in parameters:
        p.data = rng.uniform(-2, 2)
    numbers = [rng.uniform(-2, 2) for _ in range(4)]
    want = engine_numbers(a_small_model, numbers, parameters)
    have = replayed_numbers(tape, numbers, parameters, count)
    assert have[0] == want[0]  # the same operations in the same order: the same floats
    for want_grads, have_grads in zip(want[1:], have[1:]):
        assert have_grads == pytest.approx(want_grads, rel=1e-12, abs=1e-15)


def test_every_operation_of_the_engine_has_code_that_gives_its_rule_bit_for_bit():
    assert set(CODE_OF_OPERATION) == set(OPERATIONS)
    rules = [(op, OPERATIONS[op], CODE_OF_OPERATION[op]) for op in OPERATIONS]
    rules += [(f"**{e}", power(e), code_of_power(e)) for e in EXPONENTS]
    rng = random.Random(1)
    for op, rule, (value_code, local_codes) in rules:
        arity = len(local_codes)
        for _ in range(200):
            numbers = [rng.choice([rng.uniform(0.01, 5), rng.uniform(-5, -0.01)]) for _ in range(arity)]
            if op in ("log",) or "." in op or "e-" in op:
                numbers = [abs(n) for n in numbers]
            out, locals_ = rule(*numbers)
            names = dict(zip("ab", numbers), log=math.log, exp=math.exp)
            assert eval(value_code, names) == out, op
            assert [eval(code, {**names, "out": out}) for code in local_codes] == list(locals_), op


def test_a_power_is_known_by_the_exponent_its_name_holds():
    assert code_of("**2") == code_of_power(2)
    assert code_of("**-0.5") == code_of_power(-0.5)
    assert code_of("**1e-05") == code_of_power(1e-05)
    assert code_of("**x") is None
    assert code_of("tanh") is None


def test_a_graph_with_an_operation_the_engine_does_not_know_cannot_be_recorded():
    x = placeholders([1.0])
    made_by_hand = Value(2.0, (x[0],), (1.0,), "tanh")
    with pytest.raises(CannotRecord, match="'tanh'"):
        Tape(x, [made_by_hand], {})
