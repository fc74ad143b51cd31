"""Training microgpt one name per step with Adam, and sampling new names from it."""

import gc
import random
from contextlib import contextmanager

from training.compiled_model import CompiledSteps, first_difference
from training.config import BOS
from training.model import Microgpt, flat, initial_parameters, parameter_shapes
from training.names import name_of, shuffled, tokens_of
from training.traced_update import traced_update

# The steps at which a compiled run is also worked out by the engine, and must agree with it (besides the
# first step a Trainer takes): a learner's code that reads a number from a value and decides by it can
# make a tape that was right when recorded and wrong later, and this is where that would show.
CHECKED_STEPS = frozenset({10, 100, 500})


@contextmanager
def cycle_collector_paused():
    """Python's cycle collector held off for the block. A step on the engine makes some 60,000 Values that
    live until the step ends, and the collector, started by every 700 new objects, walked them again and
    again: two thirds of the forward pass's time. A graph of Values holds no cycle (each node points only at
    nodes made before it), so counting references frees it all the same; cycles the learner's code makes
    are collected once the collector runs again after the step."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


class Trainer:
    """A run: the model from sources ({exercise: code}), the names, and where the run has got to.
    state (from Trainer.state()) resumes a run where its checkpoint left it. compiled: train on tapes of
    the model (training/compiled_model.py) rather than on a new graph of Values at every step; the
    parameters' numbers then live in a plain list (self.numbers), written into the Values when needed."""

    def __init__(self, sources, names, config, num_steps, seed=0, state=None, compiled=False):
        self.config, self.num_steps, self.seed = config, num_steps, seed
        self.documents = shuffled(names, seed)
        self.model = Microgpt(sources, initial_parameters(config, seed), config, num_steps)
        self.parameters = flat(self.model.params)
        self.step_number = 0
        self.first_moments = [0.0] * len(self.parameters)
        self.second_moments = [0.0] * len(self.parameters)
        self.first_step = state["step"] if state else 0
        self.engine_note = None  # why a compiled run went back to the engine, in a sentence
        if state is not None:
            self.restore(state)
        self.compiled = CompiledSteps(self.model) if compiled else None
        self.numbers = [p.data for p in self.parameters] if compiled else None
        self.update_trace = None  # the Adam step traced (training/traced_update.py), once needed; False if it cannot be

    def step(self):
        """Train on the next name: forward, mean loss, zero the gradients, backward, Adam. Returns the loss."""
        with cycle_collector_paused():
            tokens = tokens_of(self.documents[self.step_number % len(self.documents)])
            loss = self.compiled_step(tokens) if self.compiled else None
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

    def update(self):
        """One Adam step of every parameter Value, calling the learner's adam_step for each, on plain numbers
        (the graph of an update is never needed)."""
        m, v, step = self.first_moments, self.second_moments, self.step_number
        for i, p in enumerate(self.parameters):
            p.data, m[i], v[i] = self.model.adam_step(p.data, p.grad, m[i], v[i], step)

    def compiled_step(self, tokens):
        """As engine_gradients then update, replayed from tapes on self.numbers; the loss, or None if the run
        leaves the tapes: they cannot be recorded, or at a checked step the engine's numbers differ."""
        checked = self.step_number in CHECKED_STEPS or self.step_number == self.first_step
        try:
            loss, grads = self.compiled.loss_and_gradients(tokens, self.numbers)
        except Exception as error:
            return self.leave_tapes(f"recording it stopped at {type(error).__name__}: {error}")
        if checked:
            self.write_numbers()
            engine = self.engine_gradients(tokens), [p.grad for p in self.parameters]
            difference = first_difference(engine, (loss, grads))
            if difference:
                return self.leave_tapes(difference)
        if not self.traced_update(grads, checked):  # the numbers hold the update as called: this step is done
            self.leave_tapes("the Adam step traced once is not the Adam step called for each parameter")
        return loss

    def traced_update(self, grads, checked):
        """One Adam step of self.numbers by the learner's adam_step traced once (training/traced_update.py),
        or called for each where it cannot be traced; False if, checked, the trace and the calls disagree."""
        if self.update_trace is None:
            self.update_trace = traced_update(self.model.functions["adam_step"]) or False
        P, M, V, step = self.numbers, self.first_moments, self.second_moments, self.step_number
        called = None
        if checked or self.update_trace is False:
            adam_step = self.model.functions["adam_step"]
            called = [tuple(adam_step(p, g, m, v, step)) for p, g, m, v in zip(P, grads, M, V)]
        if self.update_trace is not False:
            self.update_trace(P, grads, M, V, step)
            if called is None or list(zip(P, M, V)) == called:
                return True
        P[:], M[:], V[:] = (list(column) for column in zip(*called))
        return self.update_trace is False

    def write_numbers(self):
        """Put a compiled run's numbers into the parameter Values (for the engine, sampling, a checkpoint)."""
        if self.numbers is not None:
            for p, number in zip(self.parameters, self.numbers):
                p.data = number

    def leave_tapes(self, reason):
        self.write_numbers()
        self.compiled, self.numbers = None, None
        self.engine_note = f"Your model could not be replayed from tapes ({reason}), so it trains on the engine."
        return None

    def sample(self, count, temperature, seed):
        """count new names, letter by letter from the start token, at this temperature."""
        self.write_numbers()
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
            "parameters": list(self.numbers) if self.numbers is not None else [p.data for p in self.parameters],
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
