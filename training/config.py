"""microgpt's configuration: the model's shape and the optimiser's numbers, in one place."""

import string
from dataclasses import dataclass

LETTERS = string.ascii_lowercase  # tokens 0 to 25
BOS = len(LETTERS)  # token 26 marks both the start and the end of a name


@dataclass(frozen=True)
class Config:
    vocab_size: int = len(LETTERS) + 1
    n_embd: int = 16
    n_head: int = 4
    n_layer: int = 1
    block_size: int = 16
    init_std: float = 0.08
    learning_rate: float = 0.01
    beta1: float = 0.85
    beta2: float = 0.99
    eps: float = 1e-8
    num_steps: int = 1000


MICROGPT = Config()
