"""Training microgpt one name per step with Adam, and sampling new names from it."""

import random

from training.compiled_model import CompiledSteps, first_difference
from training.config import BOS
from training.model import Microgpt, flat, initial_parameters, parameter_shapes
from training.names import name_of, shuffled, tokens_of
from training.traced_update import traced_update

# The steps at which a compiled run is also worked out by the engine, and must agree with it (besides the
# first step a Trainer takes): a learner's code that reads a number from a value and decides by it can
# make a tape that was right when recorded and wrong later, and this is where that would show.
CHECKED_STEPS = frozenset({10, 100, 500})


class Trainer:
    """A run: the model from sources ({exercise: code}), the names, and where the run has got to.
    state (from Trainer.state()) resumes a run where its checkpoint left it. compiled: train on tapes of
    the model (training/compiled_model.py) rather than on a new graph of Values at every step."""

    def __init__(self, sources, names, config, num_steps, seed=0, state=None, compiled=False):
        self.config, self.num_steps, self.seed = config, num_steps, seed
        self.documents = shuffled(names, seed)
        self.model = Microgpt(sources, initial_parameters(config, seed), config, num_steps)
        self.parameters = flat(self.model.params)
        self.step_number = 0
        self.first_moments = [0.0] * len(self.parameters)
        self.second_moments = [0.0] * len(self.parameters)
        self.compiled = CompiledSteps(self.model) if compiled else None
        self.first_step = state["step"] if state else 0
        self.engine_note = None  # why a compiled run went back to the engine, in a sentence
        self.update_trace = None  # the Adam step traced (training/traced_update.py), once needed; False if it cannot be
        if state is not None:
            self.restore(state)

    def step(self):
        """Train on the next name: forward, mean loss, zero the gradients, backward, Adam. Returns the loss."""
        tokens = tokens_of(self.documents[self.step_number % len(self.documents)])
        loss = self.compiled_gradients(tokens) if self.compiled else None
        if loss is None:
            loss = self.engine_gradients(tokens)
        self.update()
        self.step_number += 1
        return loss

    def engine_gradients(self, tokens):
        """The name's loss, with every parameter's .grad set, by the engine: a graph of Values, backward."""
        loss = self.model.name_loss(tokens)
        for p in self.parameters:
            p.grad = 0.0
        loss.backward()
        return loss.data

    def compiled_gradients(self, tokens):
        """As engine_gradients, replayed from tapes; None if they cannot be recorded, or if at a step that
        records a new tape the replay's numbers are not the engine's (the run then stays on the engine)."""
        try:
            loss, grads = self.compiled.loss_and_gradients(tokens, [p.data for p in self.parameters])
        except Exception as error:
            return self.leave_tapes(f"recording it stopped at {type(error).__name__}: {error}")
        if self.step_number in CHECKED_STEPS or self.step_number == self.first_step:
            difference = first_difference(
                (self.engine_gradients(tokens), [p.grad for p in self.parameters]), (loss, grads)
            )
            if difference:
                return self.leave_tapes(difference)
        for p, g in zip(self.parameters, grads):
            p.grad = g
        return loss

    def leave_tapes(self, reason):
        self.compiled, self.engine_note = (
            None,
            f"Your model could not be replayed from tapes ({reason}), so it trains on the engine.",
        )
        return None

    def update(self):
        """One Adam step of every parameter, on plain numbers (the graph of an update is never needed)."""
        m, v, step = self.first_moments, self.second_moments, self.step_number
        updated = self.traced_update() if self.compiled else None
        if updated is None:
            updated = [self.model.adam_step(p.data, p.grad, m[i], v[i], step) for i, p in enumerate(self.parameters)]
        for i, (p, (number, first, second)) in enumerate(zip(self.parameters, updated)):
            p.data, m[i], v[i] = number, first, second

    def traced_update(self):
        """Every parameter's (p, m, v) after this step's Adam step, by the learner's adam_step traced once
        (training/traced_update.py); None where it cannot be traced, or where it disagrees with calling it."""
        if self.update_trace is None:
            self.update_trace = traced_update(self.model.functions["adam_step"]) or False
        if self.update_trace is False:
            return None
        numbers = [p.data for p in self.parameters], [p.grad for p in self.parameters]
        updated = self.update_trace(*numbers, self.first_moments, self.second_moments, self.step_number)
        if self.step_number in CHECKED_STEPS or self.step_number == self.first_step:
            called = [
                tuple(self.model.adam_step(p, g, m, v, self.step_number))
                for p, g, m, v in zip(*numbers, self.first_moments, self.second_moments)
            ]
            if called != updated:
                self.leave_tapes("the Adam step traced once is not the Adam step called for each parameter")
                return None
        return updated

    def sample(self, count, temperature, seed):
        """count new names, letter by letter from the start token, at this temperature."""
        rng = random.Random(seed)
        return [self.sample_one(rng, temperature) for _ in range(count)]

    def sample_one(self, rng, temperature):
        cache, token, letters = [], BOS, []
        for pos in range(self.config.block_size):
            logits = self.model.position_logits(token, pos, cache)
            probabilities = self.model.probabilities(logits, temperature)
            token = rng.choices(range(len(probabilities)), weights=probabilities)[0]
            if token == BOS:
                break
            letters.append(token)
        return name_of(letters)

    def state(self):
        """Everything a later run needs to go on from here, as plain numbers."""
        return {
            "step": self.step_number,
            "steps": self.num_steps,
            "seed": self.seed,
            "parameters": [p.data for p in self.parameters],
            "m": list(self.first_moments),
            "v": list(self.second_moments),
        }

    def restore(self, state):
        expected = sum(rows * cols for _, (rows, cols) in parameter_shapes(self.config))
        if len(state["parameters"]) != expected:
            raise ValueError(f"the checkpoint holds {len(state['parameters'])} parameters, microgpt has {expected}")
        for p, number in zip(self.parameters, state["parameters"]):
            p.data = number
        self.first_moments, self.second_moments = list(state["m"]), list(state["v"])
        self.step_number = state["step"]
