"""The names data set: one name per line, letters a to z only, each a document of tokens."""

import random

from training.config import BOS, LETTERS


def read_names(text):
    """The names in text, one per line; raise ValueError on a line that is not a lower-case name."""
    names = [line.strip() for line in text.splitlines() if line.strip()]
    for number, name in enumerate(names, 1):
        if not set(name) <= set(LETTERS):
            raise ValueError(f"names line {number}: {name!r} holds something other than the letters a to z")
    return names


def tokens_of(name):
    """[BOS] + the name's letters as token ids + [BOS]."""
    return [BOS, *(LETTERS.index(letter) for letter in name), BOS]


def name_of(tokens):
    """The letters that token ids 0 to 25 stand for."""
    return "".join(LETTERS[token] for token in tokens)


def shuffled(names, seed):
    """The names in the one order a run with this seed reads them: step s takes entry s mod len."""
    order = list(names)
    random.Random(seed).shuffle(order)
    return order
