"""The grader corpus: learner submissions, each with the verdict and diagnosis it should get."""
import pathlib

CORPUS_DIR = pathlib.Path(__file__).parent / "grader_corpus"
STARTER_PATH = CORPUS_DIR / "STARTER.py"


def load_starter():
    """Return the lab's starter code, as the page gives it to the learner."""
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
