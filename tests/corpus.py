"""The grader corpus: learner submissions per lesson, each with the verdict and diagnosis it should get.

tests/grader_corpus/<lesson id>/<name>.py starts with a line '# expect: passed correct' or
'# expect: failed <diagnosis>'. STARTER.py, where present, is the starter the submissions were
written from; otherwise the lesson's own starter is used.
"""

import functools
import pathlib

CORPUS_DIR = pathlib.Path(__file__).parent / "grader_corpus"
LESSONS_DIR = pathlib.Path(__file__).parents[1] / "lessons"

# The lab's layer and a right residual_stack, for tests that build a program on a right answer.
RIGHT_STACK = """from engine import Value

def layer(x):
    return (x * 0.1).relu()

def residual_stack(x, depth=20):
    for _ in range(depth):
        x = x + layer(x)
    return x
"""


def graded_lessons():
    """The ids of the lessons with an exercise ("7.1", …, "10.4")."""
    return sorted(
        path.name.split("-")[0] for path in LESSONS_DIR.glob("[0-9]*.md") if "```exercise" in path.read_text()
    )


def corpus_lessons():
    """The ids of the lessons that have a corpus."""
    return sorted(path.name for path in CORPUS_DIR.iterdir() if path.is_dir())


@functools.cache
def lesson_exercise(lesson_id):
    """The first exercise of a lesson, converted from its markdown by the real build: (page data, grading dict)."""
    import build
    from gradlab.lesson_format import convert_lesson

    (path,) = LESSONS_DIR.glob(f"{lesson_id}-*.md")
    lesson = convert_lesson(path, path.read_text(encoding="utf-8"), build.make_templates())
    block = lesson.exercises[0]
    return block, block["grading"].to_dict()


def load_starter(lesson_id="8.6"):
    """The starter code the corpus submissions were written from."""
    path = CORPUS_DIR / lesson_id / "STARTER.py"
    return path.read_text(encoding="utf-8") if path.exists() else lesson_exercise(lesson_id)[0]["starter"]


def load_corpus(lesson_id="8.6"):
    """(name, source, expected verdict, expected diagnosis) for every corpus file of a lesson, by name."""
    entries = []
    for path in sorted((CORPUS_DIR / lesson_id).glob("*.py")):
        if path.name == "STARTER.py":
            continue
        first, _, rest = path.read_text(encoding="utf-8").partition("\n")
        verdict, diagnosis = first.removeprefix("# expect:").split()
        # The expect line is blanked, not removed, so line numbers still match the file.
        entries.append((path.stem, "\n" + rest, verdict, diagnosis))
    return entries


def corpus_seed(lesson_id, name):
    """The seed of the cases drawn at a corpus submission's Check, in CPython and in Pyodide alike: each
    submission meets cases of its own, the same at every run."""
    return f"{lesson_id}/{name}"
