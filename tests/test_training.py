"""training/ in CPython: microgpt's size, a deterministic run, the learner-function check (its page side in
Node), the names."""

import functools
import gc
import json
import math
import re
import tempfile

import pytest

from gradlab.names_data import OUT as NAMES_FILE
from gradlab.train_page import reference_numbers, reference_sources
from tests.page_scripts import run_page_script
from training.check import learner_numbers, model_numbers
from training.config import MICROGPT
from training.model import flat, initial_parameters
from training.names import read_names, tokens_of
from training.pieces import EXERCISES
from training.trainer import Trainer


@functools.cache
def references():
    return reference_sources()


@functools.cache
def names():
    return read_names(NAMES_FILE.read_text(encoding="ascii"))


def test_microgpt_has_4192_parameters():
    assert len(flat(initial_parameters(MICROGPT, seed=0))) == 4192


def test_every_piece_has_a_reference_in_the_lessons():
    assert set(references()) == set(EXERCISES)


def test_the_shipped_names_are_the_census_lists_lower_cased_letters_only_once_each():
    assert len(names()) == 5163 == len(set(names()))
    assert all(name.isalpha() and name.islower() and name.isascii() for name in names())


def test_twenty_steps_are_the_same_for_a_seed_and_differ_for_another():
    def losses(seed):
        trainer = Trainer(references(), names(), MICROGPT, 1000, seed)
        return [trainer.step() for _ in range(20)]

    first = losses(0)
    assert first == losses(0)
    assert first != losses(1)
    assert 3.0 < first[0] < 3.6  # about ln 27, a uniform guess, before any step


def test_a_run_resumed_from_its_state_goes_on_as_if_never_stopped():
    straight = Trainer(references(), names(), MICROGPT, 100, 0)
    expected = [straight.step() for _ in range(6)][3:]
    first = Trainer(references(), names(), MICROGPT, 100, 0)
    for _ in range(3):
        first.step()
    resumed = Trainer(references(), names(), MICROGPT, 100, 0, state=first.state())
    assert [resumed.step() for _ in range(3)] == expected


def test_samples_are_letters_only_and_the_same_for_a_seed():
    trainer = Trainer(references(), names(), MICROGPT, 1000, 0)
    trainer.step()
    drawn = trainer.sample(5, 0.5, seed=3)
    assert drawn == trainer.sample(5, 0.5, seed=3)
    assert all(name == "" or (name.isalpha() and name.islower()) for name in drawn)


def check(*pieces):
    """The training page's verdict on each (exercise, learner code): the learner's numbers worked out
    here as the training worker does, compared with the build's reference numbers by the page's own
    check (static/page/train-check.js, in Node)."""
    expected = json.loads(reference_numbers(tuple(references().items())))
    cases = [[expected, learner_numbers(exercise, code, references(), MICROGPT)] for exercise, code in pieces]
    with tempfile.NamedTemporaryFile("w", suffix=".json") as file:
        json.dump(cases, file)
        file.flush()
        return run_page_script("train_check.mjs", file.name)


def test_the_check_accepts_each_reference():
    assert check(*references().items()) == [{"uses": "yours"}] * len(EXERCISES)


WRONG = {
    "rmsnorm": ("1e-5", "1e-3"),
    "mlp": ("h.relu()", "h"),
    "adam_step": ("BETA2 * v", "BETA1 * v"),
    "attend": ("math.sqrt(len(q))", "len(q)"),
    "probability_of": ("l / temperature", "l * temperature"),
}


def test_the_check_rejects_a_wrong_function_and_says_which_number_differs():
    changed = {}
    for exercise, (right, wrong) in WRONG.items():
        assert right in references()[exercise]
        changed[exercise] = references()[exercise].replace(right, wrong)
    verdicts = check(*changed.items())
    for exercise, verdict in zip(WRONG, verdicts):
        assert verdict["uses"] == "reference", exercise
        assert re.fullmatch(r"it gives \S+ for .+, where the reference gives \S+\.", verdict["reason"]), verdict


def test_an_adam_step_that_ignores_the_runs_length_is_set_aside():
    # The learning rate falls over NUM_STEPS; the check's run has a length no learner writes in by hand.
    fixed = references()["adam_step"].replace("/ NUM_STEPS", "/ 1000")
    assert fixed != references()["adam_step"]
    [verdict] = check(("adam_step", fixed))
    assert verdict["uses"] == "reference" and "Adam's new p of parameter 0 at step 5" in verdict["reason"]


def test_the_check_says_why_code_that_fails_to_run_is_set_aside():
    assert check(("linear", "def linear(x, w):\n    return 1 / 0\n"), ("linear", "def line(x, w): pass\n")) == [
        {"uses": "reference", "reason": "in microgpt it raised ZeroDivisionError: division by zero."},
        {"uses": "reference", "reason": "its code defines no function named linear."},
    ]


def test_code_that_rewrites_its_interpreters_comparisons_is_still_set_aside(monkeypatch):
    # Python's own comparison made to agree with everything: the check compares outside the learner's interpreter.
    monkeypatch.setattr(math, "isclose", math.isclose)  # put back after the test, whatever the code sets
    wrong = references()["rmsnorm"].replace("1e-5", "1e-3")
    cheat = "import math\nmath.isclose = lambda *numbers, **tolerances: True\n" + wrong
    [verdict] = check(("rmsnorm", cheat))
    assert math.isclose(1, 2), "the code ran and rewrote the comparison"
    assert verdict["uses"] == "reference" and "where the reference gives" in verdict["reason"]


def test_numbers_that_are_not_finite_floats_reach_the_page_as_what_they_were():
    nan_loss = references()["cross_entropy"].replace("return sum(losses)", "return float('nan') + sum(losses)")
    learned = learner_numbers("cross_entropy", nan_loss, references(), MICROGPT)
    assert learned["numbers"][0] == ["the loss of the name 'emma'", "nan"]
    [verdict] = check(("cross_entropy", nan_loss))
    assert verdict["reason"].startswith("it gives nan for the loss of the name 'emma', where the reference gives")


def test_the_built_training_page_carries_the_reference_numbers_of_the_build(built_site):
    written = json.loads((built_site / "train" / "reference-numbers.json").read_text())
    assert written == model_numbers(references(), MICROGPT)
    assert len(written) == 1 + 4192 + 2 * 64 * 3 + 27 + 27


def test_a_changed_learner_function_changes_the_training():
    changed = {**references(), "rmsnorm": references()["rmsnorm"].replace("1e-5", "1e-2")}
    ours, theirs = Trainer(references(), names(), MICROGPT, 1000, 0), Trainer(changed, names(), MICROGPT, 1000, 0)
    assert ours.step() != theirs.step()


def test_tokens_start_and_end_with_the_start_token():
    assert tokens_of("abz") == [26, 0, 1, 25, 26]


@functools.cache
def first_losses(compiled, steps=20):
    trainer = Trainer(references(), names(), MICROGPT, 1000, 0, compiled=compiled)
    return [trainer.step() for _ in range(steps)], trainer


def test_a_replayed_run_gives_the_engines_losses():
    engine, (replayed, trainer) = first_losses(False)[0], first_losses(True)
    assert trainer.compiled is not None and trainer.engine_note is None  # it replayed throughout
    assert replayed == pytest.approx(engine, rel=1e-9, abs=0)
    assert len(trainer.compiled.positions) >= 5 and len(trainer.compiled.losses) >= 10


def test_a_replayed_run_resumed_from_its_state_goes_on_as_if_never_stopped():
    first = Trainer(references(), names(), MICROGPT, 1000, 0, compiled=True)
    for _ in range(17):
        first.step()
    resumed = Trainer(references(), names(), MICROGPT, 1000, 0, state=first.state(), compiled=True)
    # Its tapes are recorded anew, on step 17's numbers: softmax's largest score, a constant in them, is
    # another number, which moves the losses by rounding only.
    assert [resumed.step() for _ in range(3)] == pytest.approx(first_losses(True)[0][17:20], rel=1e-12)


def test_a_changed_learner_function_changes_the_replayed_training():
    changed = {**references(), "mlp": references()["mlp"].replace("h.relu()", "h.relu() * 1.5")}
    assert "h.relu() * 1.5" in changed["mlp"]
    trainer = Trainer(changed, names(), MICROGPT, 1000, 0, compiled=True)
    losses = [trainer.step() for _ in range(3)]
    assert trainer.engine_note is None and losses != first_losses(True)[0][:3]


# A right rmsnorm in its numbers at the step it is recorded, but it reads the mean square as a plain
# number: a replay keeps the number of the recording, the engine works it out again. The step-10 check
# must catch the difference and train on.
FROZEN_SCALE_RMSNORM = """def rmsnorm(x):
    scale = (sum(xi.data * xi.data for xi in x) / len(x) + 1e-5) ** -0.5
    return [xi * scale for xi in x]
"""


def test_a_tape_that_goes_wrong_later_is_caught_and_the_run_goes_on_on_the_engine():
    sources = {**references(), "rmsnorm": FROZEN_SCALE_RMSNORM}
    trainer = Trainer(sources, names(), MICROGPT, 1000, 0, compiled=True)
    for _ in range(10):
        trainer.step()
    assert trainer.engine_note is None  # steps 0 to 9 replayed, the first checked
    engine = Trainer(sources, names(), MICROGPT, 1000, 0, state=trainer.state())
    assert trainer.step() == engine.step()  # step 10's loss is the engine's
    assert trainer.compiled is None
    assert trainer.engine_note.startswith("Your model could not be replayed from tapes (the loss came out ")
    assert trainer.step() == engine.step()


# A right rmsnorm whose square root is a node made by hand, an operation the engine's rules do not hold.
HAND_MADE_ROOT_RMSNORM = """import math
from engine import Value

def rmsnorm(x):
    ms = sum(xi * xi for xi in x) / len(x) + 1e-5
    root = math.sqrt(ms.data)
    scale = Value(root, (ms,), (0.5 / root,), "sqrt") ** -1
    return [xi * scale for xi in x]
"""


def test_a_graph_that_cannot_be_recorded_trains_on_the_engine_and_says_why():
    sources = {**references(), "rmsnorm": HAND_MADE_ROOT_RMSNORM}
    trainer = Trainer(sources, names(), MICROGPT, 1000, 0, compiled=True)
    engine = Trainer(sources, names(), MICROGPT, 1000, 0)
    assert trainer.step() == engine.step()
    assert trainer.compiled is None
    assert "an operation the engine's rules do not know: 'sqrt'" in trainer.engine_note
    assert trainer.step() == engine.step()


def test_an_adam_step_whose_trace_is_not_its_calls_is_caught_and_its_calls_kept():
    # It looks at what it is given, and so does one thing when traced and another when called.
    two_faced = references()["adam_step"].replace(
        "def adam_step(p, g, m, v, step):",
        "def adam_step(p, g, m, v, step):\n    g = g * (2.0 if type(step) is int else 1.0)",
    )
    sources = {**references(), "adam_step": two_faced}
    trainer = Trainer(sources, names(), MICROGPT, 1000, 0, compiled=True)
    engine = Trainer(sources, names(), MICROGPT, 1000, 0)
    assert trainer.step() == engine.step()
    assert trainer.engine_note.endswith(
        "(the Adam step traced once is not the Adam step called for each parameter), so it trains on the engine."
    )
    # Updated as called, from the replay's gradients (the engine's to rounding), not as traced (g doubled).
    assert [p.data for p in trainer.parameters] == pytest.approx([p.data for p in engine.parameters], rel=1e-12)
    assert trainer.step() == pytest.approx(engine.step(), rel=1e-9)


def test_a_step_holds_the_cycle_collector_off_and_turns_it_back_on():
    collections, by_the_update = [], []

    def note_collection(phase, info):
        if phase == "start":
            collections.append(info["generation"])

    trainer = Trainer(references(), names(), MICROGPT, 100, 0)
    update = trainer.update
    trainer.update = lambda: (by_the_update.append(len(collections)), update())
    gc.callbacks.append(note_collection)
    try:
        trainer.step()  # forward and backward make some 60,000 Values: the collector would run dozens of times
    finally:
        gc.callbacks.remove(note_collection)
    assert by_the_update == [0] and gc.isenabled()


def test_a_step_that_fails_still_turns_the_cycle_collector_back_on():
    sources = dict(references(), mlp="def mlp(x, w1, w2):\n    raise RuntimeError('unfinished')\n")
    trainer = Trainer(sources, names(), MICROGPT, 100, 0)
    with pytest.raises(RuntimeError, match="unfinished"):
        trainer.step()
    assert gc.isenabled()
