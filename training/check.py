"""The numbers each learner function is checked by, on microgpt's own shapes, before it trains anything.

A learner's piece is put into a model that is otherwise all references, on the same weights, and must
give the reference model's numbers: the loss of a name and every parameter's gradient (and, for the Adam
step, the updated numbers; for sampling, the probabilities and their gradients).

The two sides are worked out apart, because the reference must not share an interpreter with the
learner's code: the reference model's numbers at build time (gradlab/train_page.py writes them beside
the training page), the learner's in the training worker. The page compares them
(static/page/train-check.js), so nothing the learner's code does to its interpreter can pass it.
"""

import math

from training.model import Microgpt, flat, initial_parameters
from training.names import tokens_of
from training.pieces import CodeProblem

CHECK_NAME = "emma"
CHECK_SEED = 7  # weights unlike the run's, so a match is not an accident of seed 0
# Adam's learning rate falls over the run's steps: a run length that no learner writes in by hand, so a
# step that ignores NUM_STEPS differs here, whatever length its run has.
CHECK_STEPS = 777


def model_numbers(sources, config):
    """What the check compares, for one set of pieces ({exercise: code}): [[what, number]], the numbers
    as the code gave them (a learner's may be anything)."""
    model = Microgpt(sources, initial_parameters(config, CHECK_SEED), config, CHECK_STEPS)
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
    return [[what, plain(number)] for what, number in numbers]


def plain(number):
    """A number as JSON carries it to the page: a finite float, or else a short string saying what it was."""
    try:
        if isinstance(number, (int, float)) and not isinstance(number, bool) and math.isfinite(number):
            return float(number)
        return repr(number)[:80]
    except Exception:  # noqa: BLE001 - a learner's object whose repr fails, or an int past a float's range
        return f"a {type(number).__name__}"


def learner_numbers(exercise, learner_code, references, config):
    """In the training worker: {"numbers": model_numbers} of a model whose piece `exercise` is the learner's,
    or {"problem": why there are none, in a sentence}."""
    try:
        return {"numbers": model_numbers({**references, exercise: learner_code}, config)}
    except CodeProblem as problem:
        return {"problem": f"{problem}."}
    except Exception as error:
        return {"problem": f"in microgpt it raised {type(error).__name__}: {error}."}
