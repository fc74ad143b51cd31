"""The "Train your microgpt" page: the model's pieces, each from the lesson whose exercise defines it,
and the names data set, written beside the page (train/) so the page needs no other origin."""

import functools
import json
import shutil
from pathlib import Path
from types import SimpleNamespace

from gradlab.assets import write_page
from training.check import model_numbers
from training.config import MICROGPT
from training.pieces import PIECES

NAMES_FILE = Path(__file__).resolve().parent.parent / "data" / "names.txt"


def piece_sources(course):
    """For each piece of microgpt, in order: its exercise, role, lesson (id, title, page) and reference code;
    None while the course lacks an exercise for one of them (the page is then not written)."""
    defined = {exercise["id"]: (lesson, exercise) for lesson in course.lessons for exercise in lesson.exercises}
    if any(piece.exercise not in defined for piece in PIECES):
        return None
    return [
        {
            "exercise": piece.exercise,
            "role": piece.role,
            "lesson": defined[piece.exercise][0].id,
            "title": defined[piece.exercise][0].meta["title"],
            "page": f"{defined[piece.exercise][0].slug}/index.html",
            "reference": defined[piece.exercise][1]["solution"],
        }
        for piece in PIECES
    ]


def reference_sources():
    """{exercise: its reference solution} for every piece, read from the lessons as the build reads them
    (for the tests and the bench, which train on the references)."""
    import build  # here, not at the top: build imports this module
    from gradlab.lesson_format import convert_lesson

    templates = build.make_templates()
    lessons = [
        convert_lesson(path, path.read_text(encoding="utf-8"), templates, build.CACHE_DIR / "wheels")
        for path in sorted(Path(build.LESSONS_DIR).glob("[0-9]*.md"))
    ]
    return {piece["exercise"]: piece["reference"] for piece in piece_sources(SimpleNamespace(lessons=lessons))}


def training_module(course):
    """The number of the module whose lessons complete the model (it defines the last piece), which links to
    the page; None when there is no page."""
    pieces = piece_sources(course)
    if pieces is None:
        return None
    last = pieces[-1]["lesson"]
    return next(course.module_of(lesson).number for lesson in course.lessons if lesson.id == last)


@functools.lru_cache(maxsize=2)  # make serve rebuilds at every edit; the references rarely change
def reference_numbers(references):
    """The numbers each learner function is checked by, as the all-reference model gives them, worked out
    here, in the build's interpreter, which never runs a learner's code. references: ((exercise, code), …)."""
    return json.dumps(model_numbers(dict(references), MICROGPT))


def write_train_page(course, templates, out_dir, urls):
    """train/index.html, with the pieces' references (pieces.json), the reference model's numbers the
    learner's functions are checked by (reference-numbers.json) and the names (names.txt) beside it."""
    pieces = piece_sources(course)
    if pieces is None:
        return
    folder = out_dir / "train"
    folder.mkdir(exist_ok=True)
    (folder / "pieces.json").write_text(json.dumps(pieces), encoding="utf-8")
    references = tuple((piece["exercise"], piece["reference"]) for piece in pieces)
    (folder / "reference-numbers.json").write_text(reference_numbers(references), encoding="utf-8")
    shutil.copyfile(NAMES_FILE, folder / "names.txt")
    write_page(folder / "index.html", templates.get_template("train.html").render(root="../", urls=urls, pieces=pieces))
