"""Training microgpt one name per step with Adam, and sampling new names from it."""

import random

from training.config import BOS
from training.model import Microgpt, flat, initial_parameters, parameter_shapes
from training.names import name_of, shuffled, tokens_of


class Trainer:
    """A run: the model from sources ({exercise: code}), the names, and where the run has got to.
    state (from Trainer.state()) resumes a run where its checkpoint left it."""

    def __init__(self, sources, names, config, num_steps, seed=0, state=None):
        self.config, self.num_steps, self.seed = config, num_steps, seed
        self.documents = shuffled(names, seed)
        self.model = Microgpt(sources, initial_parameters(config, seed), config, num_steps)
        self.parameters = flat(self.model.params)
        self.step_number = 0
        self.first_moments = [0.0] * len(self.parameters)
        self.second_moments = [0.0] * len(self.parameters)
        if state is not None:
            self.restore(state)

    def step(self):
        """Train on the next name: forward, mean loss, zero the gradients, backward, Adam. Returns the loss."""
        tokens = tokens_of(self.documents[self.step_number % len(self.documents)])
        loss = self.model.name_loss(tokens)
        for p in self.parameters:
            p.grad = 0.0
        loss.backward()
        self.update()
        self.step_number += 1
        return loss.data

    def update(self):
        """One Adam step of every parameter, on plain numbers (the graph of an update is never needed)."""
        m, v, step = self.first_moments, self.second_moments, self.step_number
        for i, p in enumerate(self.parameters):
            p.data, m[i], v[i] = self.model.adam_step(p.data, p.grad, m[i], v[i], step)

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
