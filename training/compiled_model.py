"""microgpt's training step on tapes (training/tape.py): the learner's functions recorded once, then
replayed on plain numbers at every step, many times faster than building the graph anew.

One name's step is three kinds of graph, each recorded from the learner's own code the first time it
is needed:
- a position: the forward pass for the letter at position pos (their embed, rmsnorm, attention, MLP,
  linear…), from that letter's row of wte and the keys and values of the earlier positions, to the
  logits and this position's keys and values. Its shape depends only on pos, so one tape per position
  serves every name.
- a loss: their cross_entropy of one position's logits at one target letter, a tape per letter.
- a name's mean: their name_loss, with the positions and the losses as inputs, a tape per length.

A replay's loss and gradients must be the engine's: the trainer compares the two at its first step and
at a few later ones (training/trainer.py CHECKED_STEPS), and trains on the engine if they ever differ.
"""

import math

from engine import Value
from training.model import flat
from training.tape import CannotRecord, Tape, placeholders

RECORDING_TOKEN = 0  # the token a position is recorded with; its row of wte becomes the tape's input
REL_TOL, ABS_TOL = 1e-9, 1e-12


class TokenTable(list):
    """wte as a position's recording sees it: the recorded token's row is the tape's input row."""

    def __init__(self, rows, token, input_row):
        super().__init__(rows)
        self.token, self.input_row = token, input_row

    def __getitem__(self, index):
        return self.input_row if index == self.token else super().__getitem__(index)


class CompiledSteps:
    """Loss and gradients of one name for microgpt (training/model.Microgpt), from tapes of its pieces."""

    def __init__(self, model):
        self.model, self.config = model, model.config
        parameters = flat(model.params)
        self.parameter_index = {id(p): i for i, p in enumerate(parameters)}
        self.wte_start = self.parameter_index[id(model.params["wte"][0][0])]
        self.positions, self.losses, self.means = {}, {}, {}  # pos / target / len(tokens) → tape

    def loss_and_gradients(self, tokens, P):
        """(the name's mean loss, [d loss / d parameter]) for tokens, with the parameters' numbers P."""
        d, vocab, layers = self.config.n_embd, self.config.vocab_size, self.config.n_layer
        mean, n = self.mean_tape(tokens)
        keys_and_values = [[] for _ in range(2 * layers)]  # per layer its keys, then its values: rows of numbers
        runs, all_logits = [], []
        for pos in range(n):
            start = self.wte_start + tokens[pos] * d
            X = P[start : start + d]
            for rows in keys_and_values:
                for row in rows:
                    X += row
            tape = self.position_tape(pos, X)
            Y, saved = tape.forward(P, X)
            all_logits.append(list(Y[:vocab]))
            for i, rows in enumerate(keys_and_values):
                rows.append(list(Y[vocab + i * d : vocab + (i + 1) * d]))
            runs.append((tape, saved, X, start))
        loss_runs, losses = [], []
        for pos in range(n):
            tape = self.loss_tape(tokens[pos + 1], all_logits[pos])
            (loss,), saved = tape.forward(P, all_logits[pos])
            losses.append(loss)
            loss_runs.append((tape, saved, all_logits[pos]))
        (total,), mean_saved = mean.forward(P, losses)

        G = [0.0] * len(P)
        loss_grads = mean.backward(mean_saved, (1.0,), G, P, losses)
        logit_grads = [tape.backward(saved, (g,), G, P, X) for (tape, saved, X), g in zip(loss_runs, loss_grads)]
        cache_grads = [[0.0] * (2 * layers * d) for _ in range(n)]  # d loss / d each position's keys and values
        for pos in reversed(range(n)):
            tape, saved, X, start = runs[pos]
            GX = tape.backward(saved, logit_grads[pos] + cache_grads[pos], G, P, X)
            for j in range(d):
                G[start + j] += GX[j]
            at = d
            for i in range(2 * layers):  # X held, after the token's row, each layer's keys then values
                for earlier in range(pos):
                    grads = cache_grads[earlier]
                    for j in range(d):
                        grads[i * d + j] += GX[at + j]
                    at += d
        return total, G

    # Each tape is recorded the first time it is needed, on that step's own numbers X: a constant its
    # code takes from a value (softmax's largest score) is then a realistic one.

    def position_tape(self, pos, X):
        if pos not in self.positions:
            self.positions[pos] = self.record_position(pos, X)
        return self.positions[pos]

    def loss_tape(self, target, X):
        if target not in self.losses:
            logits = placeholders(X)
            loss = self.model.functions["name_loss"].__globals__["cross_entropy"](logits, target)
            self.losses[target] = self.new_tape(logits, [loss])
        return self.losses[target]

    def mean_tape(self, tokens):
        if len(tokens) not in self.means:
            self.means[len(tokens)] = self.record_mean(tokens)
        return self.means[len(tokens)]

    def record_position(self, pos, X):
        """The tape of the forward pass at pos: inputs (X their numbers) the token's row, then each layer's
        earlier keys then values; outputs the logits, then each layer's new key then value."""
        d, layers = self.config.n_embd, self.config.n_layer
        inputs = placeholders(X)
        rows = iter([inputs[i : i + d] for i in range(0, len(inputs), d)])
        token_row = next(rows)
        cache = [([next(rows) for _ in range(pos)], [next(rows) for _ in range(pos)]) for _ in range(layers)]
        wte = TokenTable(self.model.params["wte"], RECORDING_TOKEN, token_row)
        logits = self.model.position_logits(RECORDING_TOKEN, pos, cache, wte=wte)
        if any(len(keys) != pos + 1 or len(values) != pos + 1 for keys, values in cache):
            raise CannotRecord("the forward pass did not add one key and one value per layer at each position")
        outputs = [*logits, *(x for keys, values in cache for x in (*keys[-1], *values[-1]))]
        if len(logits) != self.config.vocab_size or not all(isinstance(y, Value) for y in outputs):
            raise CannotRecord("the forward pass did not give one Value per token")
        return self.new_tape(inputs, outputs)

    def record_mean(self, tokens):
        """(the tape of name_loss from each position's loss to the name's loss, the number of positions),
        recorded by running the learner's name_loss with stand-ins for the model and the loss that check
        it reads the name as a step must: each position in turn, each loss at the next token."""
        name_loss = self.model.functions["name_loss"]
        namespace = name_loss.__globals__
        wired = namespace["model"], namespace["cross_entropy"]
        positions, losses = [], []

        def model(token, pos, cache, params=None):
            if pos != len(positions) or token != tokens[pos] or (positions and cache is not positions[0][0]):
                raise CannotRecord("name_loss does not read the name's positions in order, one cache per name")
            positions.append((cache, placeholders([0.0] * self.config.vocab_size)))
            return positions[-1][1]

        def cross_entropy(logits, target):
            pos = len(losses)
            if pos >= len(positions) or logits is not positions[pos][1] or target != tokens[pos + 1]:
                raise CannotRecord("name_loss does not take each position's loss at the next token, in order")
            losses.append(Value(0.0))
            return losses[-1]

        namespace["model"], namespace["cross_entropy"] = model, cross_entropy
        try:
            total = name_loss(tokens, self.model.params)
        finally:
            namespace["model"], namespace["cross_entropy"] = wired
        if not positions or len(losses) != len(positions) or not isinstance(total, Value):
            raise CannotRecord("name_loss does not take a loss at every position it reads")
        return self.new_tape(losses, [total]), len(positions)

    def new_tape(self, inputs, outputs):
        return Tape(inputs, outputs, self.parameter_index)


def first_difference(expected, got):
    """None if (loss, gradients) got agrees with expected to REL_TOL; else what differs, in words."""
    (want_loss, want_grads), (have_loss, have_grads) = expected, got
    if not math.isclose(want_loss, have_loss, rel_tol=REL_TOL, abs_tol=ABS_TOL):
        return f"the loss came out {have_loss!r} replayed and {want_loss!r} on the engine"
    for i, (want, have) in enumerate(zip(want_grads, have_grads)):
        if not math.isclose(want, have, rel_tol=REL_TOL, abs_tol=ABS_TOL):
            return f"the gradient at parameter {i} came out {have!r} replayed and {want!r} on the engine"
    return None
