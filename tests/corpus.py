"""The grader corpus: learner submissions, each with the verdict and diagnosis it should get."""
import pathlib

CORPUS_DIR = pathlib.Path(__file__).parent / "grader_corpus"
STARTER_PATH = CORPUS_DIR / "STARTER.py"

# The lab's layer and a right residual_stack, for tests that build a program on a right answer.
RIGHT_STACK = """from engine import Value

def layer(x):
    return (x * 0.1).relu()

def residual_stack(x, depth=20):
    for _ in range(depth):
        x = x + layer(x)
    return x
"""


def load_starter():
    """Return the starter code the corpus submissions were written from (a variant of the lesson's)."""
    return STARTER_PATH.read_text(encoding="utf-8")


def load_corpus():
    """Return (name, source, expected verdict, expected diagnosis) for every corpus file, by name."""
    entries = []
    for path in sorted(CORPUS_DIR.glob("*.py")):
        if path == STARTER_PATH:
            continue
        first, _, rest = path.read_text(encoding="utf-8").partition("\n")
        verdict, diagnosis = first.removeprefix("# expect:").split()
        # The expect line is blanked, not removed, so line numbers still match the file.
        entries.append((path.stem, "\n" + rest, verdict, diagnosis))
    return entries
