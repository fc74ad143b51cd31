"""Each learner function against the reference, on microgpt's own shapes, before it trains anything.

A learner's piece is put into a model that is otherwise all references, on the same weights, and
must give the reference model's numbers: the loss of a name and every parameter's gradient (and, for
the Adam step, the updated numbers; for sampling, the probabilities and their gradients).
"""

import math

from training.model import Microgpt, flat, initial_parameters
from training.names import tokens_of
from training.pieces import CodeProblem

CHECK_NAME = "emma"
CHECK_SEED = 7  # weights unlike the run's, so a match is not an accident of seed 0
REL_TOL, ABS_TOL = 1e-6, 1e-9


def close(a, b):
    return math.isclose(a, b, rel_tol=REL_TOL, abs_tol=ABS_TOL)


def check_piece(exercise, learner_code, references, config, num_steps):
    """None if the learner's function for exercise gives the reference's numbers in microgpt; else why not, in a sentence."""
    try:
        return first_difference(
            model_numbers(references, config, num_steps),
            model_numbers({**references, exercise: learner_code}, config, num_steps),
        )
    except CodeProblem as problem:
        return f"{problem}."
    except Exception as error:
        return f"in microgpt it raised {type(error).__name__}: {error}."


def model_numbers(sources, config, num_steps):
    """What the checks compare, for one set of pieces: [(what, number)]."""
    model = Microgpt(sources, initial_parameters(config, CHECK_SEED), config, num_steps)
    loss = model.name_loss(tokens_of(CHECK_NAME))
    loss.backward()
    numbers = [(f"the loss of the name '{CHECK_NAME}'", loss.data)]
    numbers += [(f"the gradient at parameter {i}", p.grad) for i, p in enumerate(flat(model.params))]
    for step in (0, 5):
        for i, p in enumerate(flat(model.params)[:64]):
            after = model.adam_step(p.data, p.grad, 0.1 * p.grad, p.grad**2, step)
            numbers += [(f"Adam's new {what} of parameter {i} at step {step}", x) for what, x in zip("pmv", after)]
    logits = model.position_logits(tokens_of("")[0], 0, [])
    for token, probability in enumerate(model.probabilities(logits, 0.5)):
        numbers.append((f"the probability of token {token} at temperature 0.5", probability))
    model.functions["probability_of"](logits, 0.5, 4).backward()
    numbers += [(f"the gradient of that probability at logit {i}", z.grad) for i, z in enumerate(logits)]
    return numbers


def first_difference(expected, got):
    """None if every number agrees; else a sentence naming the first that does not."""
    for (what, want), (_, have) in zip(expected, got):
        if not isinstance(have, (int, float)) or not close(want, have):
            shown = have if not isinstance(have, float) else f"{have:.6g}"
            return f"it gives {shown} for {what}, where the reference gives {want:.6g}."
    return None
