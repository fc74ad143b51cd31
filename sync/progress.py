"""Progress documents as the service receives them: their shape (progress_document.schema.json, the page's
schema too), checked before anything is merged or stored."""

import json
import re
from pathlib import Path

import fastjsonschema
from jsonschema import Draft202012Validator

from sync.guards import Refused
from sync.progress_merge import MOST_DRAFTS, SCHEMA

LESSON_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
# A concept card's answers and a module test's record are synced beside the lessons under these ids.
CARD_ID = re.compile(r"^concept:([A-Za-z0-9][A-Za-z0-9._-]{0,63})$")
TEST_ID = re.compile(r"^module-test:([A-Za-z0-9][A-Za-z0-9._-]{0,63})$")


class Upload:
    """A sync request: the lessons to merge, those refused (id → why), and the version the device has seen."""

    def __init__(self, lessons, refused, since):
        self.lessons, self.refused, self.since = lessons, refused, since


def read_upload(data, settings, course_documents):
    """The sync request {"schema": 2, "lessons": {id: document}, "since": version}; each lesson is
    checked on its own, so that one bad lesson is refused (and named) while the others are merged.
    Cheapest checks first (its id in the course, its size, its lists' lengths), then its shape: no
    work grows faster than the request, and none is done on what a size refuses."""
    unknown = set(data) - {"schema", "lessons", "since"}
    if unknown:
        raise Refused(400, f'Unknown field {sorted(unknown)[0]!r}: a sync sends only "schema", "lessons" and "since".')
    if data.get("schema") != SCHEMA:
        raise Refused(
            400,
            f"This is progress format {data.get('schema')!r}; the service keeps format {SCHEMA}. Reload the page to update it.",
        )
    lessons = data.get("lessons")
    if not isinstance(lessons, dict):
        raise Refused(400, '"lessons" must map lesson ids to progress documents.')
    if len(lessons) > settings.max_lessons:
        raise Refused(413, f"A sync may carry at most {settings.max_lessons} lessons.")
    accepted, refused = {}, {}
    for lesson_id, document in lessons.items():
        if lesson_id not in course_documents:
            refused[lesson_id[:80]] = (
                f"There is no {document_label(lesson_id)} in this course: its progress is not kept."
            )
            continue
        why = check_size(lesson_id, document, settings)
        if why:
            refused[lesson_id] = why
            continue
        problem = over_bounds(document) or document_problem(lesson_id, document)
        if problem:
            refused[lesson_id] = f"The progress of {document_label(lesson_id)} is not valid: {problem}."
        else:
            accepted[lesson_id] = document  # its size is checked again once merged (check_size), before it is stored
    return Upload(accepted, refused, read_since(data.get("since", 0)))


def read_since(since):
    if not isinstance(since, int) or isinstance(since, bool) or not 0 <= since < MOST_TIME:
        raise Refused(
            400, '"since" must be the version of the account\'s progress this device last received (0: none).'
        )
    return since


def check_size(lesson_id, document, settings):
    """The reason to refuse this merged document for its size, or None."""
    if len(json.dumps(document, separators=(",", ":"))) > settings.max_lesson_bytes:
        return (
            f"The progress of {document_label(lesson_id)} is larger than {settings.max_lesson_bytes // 1024} KB, "
            "the most the service keeps for one. Old drafts can be cleared by choosing between them."
        )
    return None


def over_bounds(document):
    """Whether a quiz holds more picks, or an exercise more drafts, than a page produces (the schema's
    maxItems), found by counting before the schema's validator looks at every item; None if not."""
    quizzes = document.get("quizzes") if isinstance(document, dict) else None
    for quiz_id, picks in quizzes.items() if isinstance(quizzes, dict) else ():
        if isinstance(picks, list) and len(picks) > MOST_PICKS:
            return f"quiz {quiz_id[:64]!r}: more than {MOST_PICKS} picks, more than a question has options"
    exercises = document.get("exercises") if isinstance(document, dict) else None
    for exercise_id, exercise in exercises.items() if isinstance(exercises, dict) else ():
        drafts = exercise.get("drafts") if isinstance(exercise, dict) else None
        if isinstance(drafts, list) and len(drafts) > MOST_DRAFTS:
            return f"exercise {exercise_id[:64]!r}: more than {MOST_DRAFTS} drafts, more than a merge keeps"
    return None


def document_label(document_id):
    """How a sentence names a document: "lesson '8.6'", "concept card 'chain-rule'", "module test 7"
    (static/page/storage-keys.js names them the same way)."""
    card, test = CARD_ID.match(document_id), TEST_ID.match(document_id)
    if card:
        return f"concept card {card.group(1)!r}"
    if test:
        return f"module test {test.group(1)}"
    return f"lesson {document_id[:64]!r}"


def document_problem(document_id, doc):
    """What is wrong with one document (a lesson's, a card's or a test's, by its id), or None."""
    card, test = CARD_ID.match(document_id), TEST_ID.match(document_id)
    if not (card or test or LESSON_ID.match(document_id)):
        return "its id is not a lesson's, a concept card's (concept:<slug>) or a module test's (module-test:<module>)"
    kind, name = ("card", card.group(1)) if card else ("test", test.group(1)) if test else ("lesson", document_id)
    if passes_fast_check(kind, name, doc):
        return None
    errors = list(VALIDATORS[kind](name).iter_errors(doc))
    if not errors:
        return None
    # The shallowest problem first, then by path: one answer whatever order the validator found them in.
    first = min(errors, key=lambda error: (len(error.absolute_path), [str(part) for part in error.absolute_path]))
    return problem_text(first)


def problem_text(error):
    """The schema's own sentence for the failed keyword ("problem"), its {placeholders} filled in."""
    problem = error.schema["problem"]
    if isinstance(problem, dict):
        problem = problem[error.validator]
    path = [str(part) for part in error.absolute_path]
    missing = (
        next((field for field in error.validator_value if field not in error.instance), "")
        if error.validator == "required"
        else ""
    )
    value = f"'{error.instance}'" if isinstance(error.instance, str) else json.dumps(error.instance)
    return problem.format(*path, value=value, missing=missing)


def validator_for(kind, id_field):
    """A validator of one kind of document that also requires its id field to be the id it is kept under."""
    schema = SCHEMA_FILE_CONTENT["$defs"][kind]

    def validator(name):
        properties = {**schema["properties"], id_field: {**schema["properties"][id_field], "const": name}}
        return Draft202012Validator({**schema, "properties": properties})

    return validator


SCHEMA_FILE_CONTENT = json.loads((Path(__file__).with_name("progress_document.schema.json")).read_text())
MOST_PICKS = SCHEMA_FILE_CONTENT["$defs"]["lesson"]["properties"]["quizzes"]["additionalProperties"]["maxItems"]
# The same schemas compiled to Python by fastjsonschema, some forty times faster than jsonschema, which
# is left to find what is wrong with a document the fast check refuses (its sentence, as the page's).
ID_FIELDS = {"lesson": "lesson", "card": "concept", "test": "test"}
FAST_CHECKS = {kind: fastjsonschema.compile(SCHEMA_FILE_CONTENT["$defs"][kind]) for kind in ID_FIELDS}


def passes_fast_check(kind, name, doc):
    """Whether the document is valid, by the compiled schema and the id it is kept under."""
    try:
        FAST_CHECKS[kind](doc)
    except fastjsonschema.JsonSchemaException:
        return False
    return doc.get(ID_FIELDS[kind]) == name


VALIDATORS = {
    "lesson": validator_for("lesson", "lesson"),
    "card": validator_for("card", "concept"),
    "test": validator_for("test", "test"),
}


MOST_TIME = 2**53  # past this, JavaScript's numbers lose whole milliseconds
