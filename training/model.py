"""microgpt: its parameters, and its forward pass made of the pieces (training/pieces.py)."""

import random

from engine import Value
from training.pieces import load_function, wire

MATRICES_PER_LAYER = ("wq", "wk", "wv", "wo", "w1", "w2")


def parameter_shapes(config):
    """Every weight matrix's name and (rows, columns), in the one order the flat parameter list uses."""
    d = config.n_embd
    shapes = [("wte", (config.vocab_size, d)), ("wpe", (config.block_size, d))]
    for layer in range(config.n_layer):
        per_layer = {"wq": (d, d), "wk": (d, d), "wv": (d, d), "wo": (d, d), "w1": (4 * d, d), "w2": (d, 4 * d)}
        shapes += [(f"layer{layer}.{name}", per_layer[name]) for name in MATRICES_PER_LAYER]
    return [*shapes, ("lm_head", (config.vocab_size, d))]


def initial_parameters(config, seed):
    """{name: matrix of Values}, each drawn from a Gaussian of microgpt's width, the same for a seed."""
    rng = random.Random(seed)
    return {
        name: [[Value(rng.gauss(0.0, config.init_std)) for _ in range(cols)] for _ in range(rows)]
        for name, (rows, cols) in parameter_shapes(config)
    }


def flat(params):
    """Every parameter Value, in parameter_shapes' order."""
    return [p for matrix in params.values() for row in matrix for p in row]


class Microgpt:
    """The model built from one source of code per piece: {exercise: code}."""

    def __init__(self, sources, params, config, num_steps):
        self.config = config
        self.params = params
        self.functions = {exercise: load_function(exercise, code) for exercise, code in sources.items()}
        wire(self.functions, self, config, num_steps)
        self._cache = None  # the keys and values of the name being read, per layer

    def position_logits(self, token, pos, cache, params=None, *, wte=None):
        """The next token's logits for token at pos; cache (empty for a new name) keeps the name's keys and
        values. params is what the learner's name_loss passes on (the model has its own); wte, the token
        table to read instead of the model's (a recording's: training/compiled_model.py)."""
        if not cache:
            cache.extend(([], []) for _ in range(self.config.n_layer))
        x = self.functions["embed"](token, pos, self.params["wte"] if wte is None else wte, self.params["wpe"])
        x = self.functions["rmsnorm"](x)
        self._cache = cache
        return self.functions["forward"](x, self.config.n_layer)

    def attention_block(self, x, layer):
        """Attention over this and the earlier positions of the name, from the normalised stream x."""
        linear, weights = self.functions["linear"], self.layer_weights(layer)
        keys, values = self._cache[layer]
        keys.append(linear(x, weights["wk"]))
        values.append(linear(x, weights["wv"]))
        query = linear(x, weights["wq"])
        return self.functions["multi_head"](query, keys, values, weights["wo"], self.config.n_head)

    def mlp_block(self, x, layer):
        weights = self.layer_weights(layer)
        return self.functions["mlp"](x, weights["w1"], weights["w2"])

    def output_head(self, x):
        return self.functions["linear"](x, self.params["lm_head"])

    def layer_weights(self, layer):
        return {name: self.params[f"layer{layer}.{name}"] for name in MATRICES_PER_LAYER}

    def name_loss(self, tokens):
        """The mean loss over one name's positions, a Value to call backward on."""
        return self.functions["name_loss"](tokens, self.params)

    def probabilities(self, logits, temperature):
        """The chance of each token at this temperature, as plain numbers."""
        probability_of = self.functions["probability_of"]
        return [probability_of(logits, temperature, token).data for token in range(len(logits))]

    def adam_step(self, p, g, m, v, step):
        return self.functions["adam_step"](p, g, m, v, step)
