"""The entry points the page's training worker (static/train-worker.js) calls: strings in, JSON strings out."""

import json

from training.check import learner_numbers
from training.config import MICROGPT
from training.names import read_names
from training.trainer import Trainer

_run = {}  # the worker's one run: {"trainer": Trainer}


def numbers_json(pieces_json):
    """The numbers the page checks each learner function by (training/check.py). pieces: [{exercise,
    reference, learner: code or null}]; returns {exercise: {"numbers"} or {"problem"}} for each piece that
    has the learner's code."""
    pieces = json.loads(pieces_json)
    references = {piece["exercise"]: piece["reference"] for piece in pieces}
    return json.dumps(
        {
            piece["exercise"]: learner_numbers(piece["exercise"], piece["learner"], references, MICROGPT)
            for piece in pieces
            if piece["learner"] is not None
        }
    )


def start(sources_json, names_text, steps, seed, state_json, replay):
    """Build the run from {exercise: code}; state_json, a checkpoint to go on from, or None; replay, whether
    to train on tapes of the model (training/compiled_model.py) rather than on the engine's graphs."""
    state = json.loads(state_json) if state_json else None
    trainer = Trainer(json.loads(sources_json), read_names(names_text), MICROGPT, steps, seed, state, compiled=replay)
    _run["trainer"] = trainer
    return json.dumps({"step": trainer.step_number})


def engine_note():
    """Why a replayed run went back to the engine, in a sentence; None while it replays (or never did)."""
    return _run["trainer"].engine_note


def train_step():
    """One step of the run; its loss."""
    return _run["trainer"].step()


def state_json():
    return json.dumps(_run["trainer"].state())


def sample_json(count, temperature, seed):
    return json.dumps(_run["trainer"].sample(count, temperature, seed))
