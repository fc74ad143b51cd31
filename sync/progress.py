"""Progress documents as the service receives them: their shape, checked before anything is merged or stored."""

import json
import re

from sync.guards import Refused
from sync.progress_merge import RECORD_SCHEMA, SCHEMA

LESSON_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
# A concept card's answers and a module test's record are synced beside the lessons under these ids.
CARD_ID = re.compile(r"^concept:([A-Za-z0-9][A-Za-z0-9._-]{0,63})$")
TEST_ID = re.compile(r"^module-test:([A-Za-z0-9][A-Za-z0-9._-]{0,63})$")
NUMBER_FIELDS = ("edited", "draftsSettled")


class Upload:
    """A sync request: the lessons to merge, those refused (id → why), and the version the device has seen."""

    def __init__(self, lessons, refused, since):
        self.lessons, self.refused, self.since = lessons, refused, since


def read_upload(data, settings):
    """The sync request {"schema": 2, "lessons": {id: document}, "since": version}; each lesson is
    checked on its own, so that one bad lesson is refused (and named) while the others are merged."""
    unknown = set(data) - {"schema", "lessons", "since"}
    if unknown:
        raise Refused(400, f"Unknown field {sorted(unknown)[0]!r}: a sync sends only \"schema\", \"lessons\" and \"since\".")
    if data.get("schema") != SCHEMA:
        raise Refused(400, f"This is progress format {data.get('schema')!r}; the service keeps format {SCHEMA}. Reload the page to update it.")
    lessons = data.get("lessons")
    if not isinstance(lessons, dict):
        raise Refused(400, "\"lessons\" must map lesson ids to progress documents.")
    if len(lessons) > settings.max_lessons:
        raise Refused(413, f"A sync may carry at most {settings.max_lessons} lessons.")
    accepted, refused = {}, {}
    for lesson_id, document in lessons.items():
        problem = document_problem(lesson_id, document)
        if problem:
            refused[lesson_id[:64]] = f"The progress of lesson {lesson_id[:64]!r} is not valid: {problem}."
        else:
            accepted[lesson_id] = document  # its size is checked once merged (check_size), before it is stored
    return Upload(accepted, refused, read_since(data.get("since", 0)))


def read_since(since):
    if not isinstance(since, int) or isinstance(since, bool) or not 0 <= since < MOST_TIME:
        raise Refused(400, "\"since\" must be the version of the account's progress this device last received (0: none).")
    return since


def check_size(lesson_id, document, settings):
    """The reason to refuse this merged document for its size, or None."""
    if len(json.dumps(document, separators=(",", ":"))) > settings.max_lesson_bytes:
        return (f"The progress of lesson {lesson_id!r} is larger than {settings.max_lesson_bytes // 1024} KB, "
                "the most the service keeps for one lesson. Old drafts can be cleared by choosing between them.")
    return None


def document_problem(document_id, doc):
    """What is wrong with one document (a lesson's, a card's or a test's, by its id), or None."""
    if not isinstance(doc, dict):
        return "it is not an object"
    card, test = CARD_ID.match(document_id), TEST_ID.match(document_id)
    if card:
        return card_problem(card.group(1), doc)
    if test:
        return test_problem(test.group(1), doc)
    if not LESSON_ID.match(document_id):
        return "its id is not a lesson's, a concept card's (concept:<slug>) or a module test's (module-test:<module>)"
    return lesson_problem(document_id, doc)


def card_problem(slug, doc):
    if doc.get("schema") != RECORD_SCHEMA:
        return f"it has format {doc.get('schema')!r}, not {RECORD_SCHEMA}"
    if doc.get("concept") != slug:
        return f"it says it is concept card {doc.get('concept')!r}"
    for part in ("quizzes", "quizTimes"):
        if not isinstance(doc.get(part, {}), dict):
            return f"{part} is not an object"
    return quizzes_problem(doc) or (None if all(is_time(at) for at in doc.get("quizTimes", {}).values()) else "a quiz time is not a time")


def test_problem(module, doc):
    if doc.get("schema") != RECORD_SCHEMA:
        return f"it has format {doc.get('schema')!r}, not {RECORD_SCHEMA}"
    if doc.get("test") != module:
        return f"it says it is module test {doc.get('test')!r}"
    if not all(is_count(doc.get(field)) for field in ("total", "attempts", "best")):
        return "total, attempts and best must be whole numbers, 0 or more"
    if not isinstance(doc.get("passed"), bool):
        return "passed is not true or false"
    if not is_time(doc.get("at", 0)):
        return "at is not a time"
    by = doc.get("attemptsBy", {})
    if not isinstance(by, dict) or not all(len(device) <= 64 and is_count(count) for device, count in by.items()):
        return "attemptsBy must map devices to whole numbers of attempts"
    return None


def is_count(value):
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < MOST_TIME


def quizzes_problem(doc):
    for quiz_id, picks in doc.get("quizzes", {}).items():
        if not isinstance(picks, list) or not all(isinstance(pick, (int, str)) and not isinstance(pick, bool) for pick in picks):
            return f"quiz {quiz_id!r}: its picks are not a list of options"
    return None


def lesson_problem(lesson_id, doc):
    if doc.get("schema") != SCHEMA:
        return f"it has format {doc.get('schema')!r}, not {SCHEMA}"
    if doc.get("lesson") != lesson_id:
        return f"it says it is lesson {doc.get('lesson')!r}"
    if not is_time(doc.get("startedOver", 0)):
        return "startedOver is not a time"
    for part in ("exercises", "quizzes", "quizTimes", "sections"):
        if not isinstance(doc.get(part, {}), dict):
            return f"{part} is not an object"
    for exercise_id, exercise in doc.get("exercises", {}).items():
        problem = exercise_problem(exercise)
        if problem:
            return f"exercise {exercise_id!r}: {problem}"
    problem = quizzes_problem(doc)
    if problem:
        return problem
    if not all(is_time(at) for part in ("quizTimes", "sections") for at in doc.get(part, {}).values()):
        return "a quiz or section time is not a time"
    return None


def exercise_problem(exercise):
    if not isinstance(exercise, dict):
        return "not an object"
    if "code" in exercise and not isinstance(exercise["code"], str):
        return "its code is not text"
    if any(field in exercise and not is_time(exercise[field]) for field in NUMBER_FIELDS):
        return "a time is not a time"
    if exercise.get("basedOn") is not None and not is_time(exercise["basedOn"]):
        return "basedOn is not a time"
    if not isinstance(exercise.get("at", {}), dict) or not all(is_time(at) for at in exercise.get("at", {}).values()):
        return "its stamps are not times"
    drafts = exercise.get("drafts", [])
    if not isinstance(drafts, list) or not all(
            isinstance(draft, dict) and isinstance(draft.get("code"), str) and is_time(draft.get("edited")) for draft in drafts):
        return "its drafts are not versions of code"
    return None


MOST_TIME = 2**53  # past this, JavaScript's numbers lose whole milliseconds


def is_time(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value < MOST_TIME
