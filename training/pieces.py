"""The learner's functions, each from the exercise that defines it, wired together into microgpt.

An exercise's code (the learner's, or the reference solution) runs in a namespace of its own; then
the names its function calls but the model provides (the other pieces, microgpt's blocks and numbers)
are set in that namespace, so that every piece calls the others as the model has resolved them.
"""

import contextlib
import io
from dataclasses import dataclass

from training.config import BOS


@dataclass(frozen=True)
class Piece:
    """A function of microgpt, by the exercise (and function) name that defines it."""

    exercise: str
    role: str  # what it does in microgpt, as the page says it


# In the order a letter meets them, then training and sampling.
PIECES = (
    Piece("embed", "token and position embeddings"),
    Piece("linear", "linear"),
    Piece("rmsnorm", "rmsnorm"),
    Piece("attend", "one attention head, with its softmax"),
    Piece("multi_head", "attention: four heads and the output matrix"),
    Piece("mlp", "the MLP"),
    Piece("forward", "the forward pass through the layers"),
    Piece("cross_entropy", "the loss"),
    Piece("name_loss", "one name's loss: the training step's forward"),
    Piece("adam_step", "the Adam step"),
    Piece("probability_of", "sampling at a temperature"),
)
EXERCISES = tuple(piece.exercise for piece in PIECES)


class CodeProblem(Exception):
    """An exercise's code could not give its function; the message says why, in a sentence."""


def load_function(exercise, code):
    """Run an exercise's code quietly in a fresh namespace; return its function (whose globals are that namespace)."""
    namespace = {"__name__": f"exercise_{exercise}"}
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            exec(compile(code, f"<{exercise}>", "exec"), namespace)
    except Exception as error:
        raise CodeProblem(f"running its code raised {type(error).__name__}: {error}") from error
    function = namespace.get(exercise)
    if not callable(function):
        raise CodeProblem(f"its code defines no function named {exercise}")
    return function


def wire(functions, model, config, num_steps):
    """Set, in each piece's namespace, what it calls that the model provides. functions: {exercise: function}."""
    provided = {
        "multi_head": {"linear": functions["linear"], "attend": functions["attend"]},
        "mlp": {"linear": functions["linear"]},
        "forward": {
            "rmsnorm": functions["rmsnorm"],
            "linear": functions["linear"],
            "attention": model.attention_block,
            "mlp": model.mlp_block,
            "output_head": model.output_head,
        },
        "name_loss": {
            "model": model.position_logits,
            "cross_entropy": lambda logits, target: functions["cross_entropy"]([logits], [target]),
            "BOS": BOS,
            "BLOCK_SIZE": config.block_size,
        },
        "adam_step": {
            "LEARNING_RATE": config.learning_rate,
            "BETA1": config.beta1,
            "BETA2": config.beta2,
            "EPS": config.eps,
            "NUM_STEPS": num_steps,
        },
    }
    for exercise, names in provided.items():
        functions[exercise].__globals__.update(names)
