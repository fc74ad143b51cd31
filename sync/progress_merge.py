"""How two copies of one lesson's progress become one: the twin of static/page/progress-merge.js.

The browser and the service must merge alike, or a device would undo what another kept; that
file documents the document's fields and the rules, and tests/sync/test_progress_merge.py runs
both merges on the same random pairs and requires the same results. Change both together.
"""

import json
import math

SCHEMA = 2
# The most versions of one exercise's code a merge keeps in drafts (the schema's bound too): each
# is a conflict the learner has not settled, and twenty unsettled ones are already more than a page shows.
MOST_DRAFTS = 20

GROW_ONLY = {
    "passed": lambda a, b: bool(a or b),
    "solutionShown": lambda a, b: bool(a or b),
    "hints": lambda a, b: max(a or 0, b or 0),
}


def empty_progress(lesson_id):
    return {
        "schema": SCHEMA,
        "lesson": lesson_id,
        "startedOver": 0,
        "exercises": {},
        "quizzes": {},
        "quizTimes": {},
        "sections": {},
    }


def merge_progress(stored, mine):
    """One document holding everything either copy holds; neither input is changed."""
    started_over = max(stored.get("startedOver") or 0, mine.get("startedOver") or 0)
    merged = {**empty_progress(mine.get("lesson")), "startedOver": started_over}
    for exercise_id in keys_of(stored.get("exercises"), mine.get("exercises")):
        exercise = merge_exercise(
            stored.get("exercises", {}).get(exercise_id) or {},
            mine.get("exercises", {}).get(exercise_id) or {},
            started_over,
        )
        if exercise:
            merged["exercises"][exercise_id] = exercise
    for quiz_id in keys_of(stored.get("quizzes"), mine.get("quizzes")):
        picks = merge_quiz_picks(quiz_side(stored, quiz_id, started_over), quiz_side(mine, quiz_id, started_over))
        if picks:
            merged["quizzes"][quiz_id] = picks["picks"]
            merged["quizTimes"][quiz_id] = picks["at"]
    for title in keys_of(stored.get("sections"), mine.get("sections")):
        times = [side.get("sections", {}).get(title) for side in (stored, mine)]
        times = [at for at in times if is_number(at) and at >= started_over and at > 0]
        if times:
            merged["sections"][title] = min(times)
    return merged


def merge_exercise(a, b, started_over):
    return {**merge_fields(a, b, started_over), **merge_code(a, b, started_over)}


def merge_fields(a, b, started_over):
    """Every field but the code: grow-only ones combine, any other stamped field is last-writer-wins."""
    merged, at = {}, {}
    for field in keys_of(a.get("at"), b.get("at")):
        sides = [
            side
            for side in (a, b)
            if is_number(stamp(side, field)) and stamp(side, field) >= started_over and field in side
        ]
        if not sides:
            continue
        newest = sides[0]
        for side in sides[1:]:
            if stamp(side, field) > stamp(newest, field):
                newest = side
        if field in GROW_ONLY:
            value = sides[0][field]
            for side in sides[1:]:
                value = GROW_ONLY[field](value, side[field])
            merged[field] = value
        else:
            merged[field] = newest[field]
        at[field] = stamp(newest, field)
    return {**merged, "at": at} if at else {}


def stamp(side, field):
    return (side.get("at") or {}).get(field)


def merge_code(a, b, started_over):
    versions = [
        side
        for side in (a, b)
        if isinstance(side.get("code"), str) and is_number(side.get("edited")) and side["edited"] >= started_over
    ]
    settled = max(a.get("draftsSettled") or 0, b.get("draftsSettled") or 0)
    versions.sort(key=version_order, reverse=True)
    winner = versions[0] if versions else {}
    candidates = [*(a.get("drafts") or []), *(b.get("drafts") or [])]
    if len(versions) > 1:
        candidates.append(as_draft(versions[1]))
    drafts = [
        draft
        for draft in unique_drafts(candidates)
        if draft["edited"] >= started_over
        and draft["edited"] >= settled
        and not written_over(draft, winner)
        and draft["code"] != winner.get("code", MISSING)
    ]
    drafts = drafts[-MOST_DRAFTS:]  # the newest: older ones lost to as many concurrent edits since
    merged = {}
    if versions:
        merged.update({field: winner[field] for field in WINNER_FIELDS if field in winner})
    if drafts:
        merged["drafts"] = drafts
    if settled:
        merged["draftsSettled"] = settled
    return merged


WINNER_FIELDS = ("code", "starter", "edited", "basedOn", "basedOnHash")
MISSING = object()  # JavaScript's `undefined`: equal to nothing a document holds


def written_over(draft, winner):
    """Whether the winner was written over this version (a version from before basedOnHash: any of its time)."""
    if draft["edited"] != winner.get("basedOn", MISSING):
        return False
    return winner.get("basedOnHash", code_fingerprint(draft["code"])) == code_fingerprint(draft["code"])


def code_fingerprint(text):
    """A short, stable fingerprint (FNV-1a over UTF-16 code units) of a text: a starter's, a version's code."""
    units = text.encode("utf-16-le", "surrogatepass")
    fingerprint = 0x811C9DC5
    for unit in (units[i] | units[i + 1] << 8 for i in range(0, len(units), 2)):
        fingerprint = ((fingerprint ^ unit) * 0x01000193) & 0xFFFFFFFF
    return format(fingerprint, "x")


def version_order(version):
    """Newer edit first; at the same millisecond, a fixed order of the texts, so every merge agrees."""
    return version["edited"], js_order(version["code"])


def as_draft(version):
    return {field: version[field] for field in ("code", "starter", "edited") if field in version}


def unique_drafts(drafts):
    by_version = {}
    for draft in drafts:
        by_version[(draft["edited"], draft["code"])] = draft
    return sorted(by_version.values(), key=lambda draft: (draft["edited"], js_order(draft["code"])))


def quiz_side(doc, quiz_id, started_over):
    at = (doc.get("quizTimes") or {}).get(quiz_id) or 0
    picks = (doc.get("quizzes") or {}).get(quiz_id)
    return {"picks": picks, "at": at} if isinstance(picks, list) and picks and at >= started_over else None


def merge_quiz_picks(x, y):
    """Every pick of both, in order, with the more recent copy's picks last so its current pick stays current."""
    if not x or not y:
        return x or y
    x_is_newer = x["at"] > y["at"] or (
        x["at"] == y["at"] and js_order(js_json(x["picks"])) > js_order(js_json(y["picks"]))
    )
    older, newer = (y, x) if x_is_newer else (x, y)
    in_newer = set(newer["picks"])  # a keyed lookup: the merge stays linear however many picks are sent
    return {"picks": [pick for pick in older["picks"] if pick not in in_newer] + newer["picks"], "at": newer["at"]}


def next_stamp(doc, clock):
    """A time for a new change to doc: the clock's, or just after the latest time the document holds."""
    return max(int(clock // 1), latest_stamp(doc) + 1)


def latest_stamp(doc):
    """The latest time anywhere in the document (0 if none)."""
    times = [
        doc.get("startedOver"),
        doc.get("at"),
        *(doc.get("quizTimes") or {}).values(),
        *(doc.get("sections") or {}).values(),
    ]
    for exercise in (doc.get("exercises") or {}).values():
        times += [exercise.get("edited"), exercise.get("draftsSettled"), *(exercise.get("at") or {}).values()]
        times += [draft.get("edited") for draft in exercise.get("drafts") or []]
    return max([0, *(time for time in times if is_number(time) and math.isfinite(time))])


# The study pages' records (a concept card's answers, a module test's record), synced under the ids
# "concept:<slug>" and "module-test:<module>": progress-merge.js documents their fields and rules.

RECORD_SCHEMA = 1


def document_kind(document_id):
    """ "lesson", "card" or "test": what kind of progress the document synced under this id holds."""
    if document_id.startswith("concept:"):
        return "card"
    if document_id.startswith("module-test:"):
        return "test"
    return "lesson"


def merge_document(document_id, stored, mine):
    """Merge two copies of the document synced under document_id; stored may be None (nothing held yet)."""
    kind = document_kind(document_id)
    if kind == "card":
        return merge_card(stored or mine, mine)
    if kind == "test":
        return merge_test(stored or mine, mine)
    return merge_progress(stored or empty_progress(mine.get("lesson")), mine)


def merge_card(a, b):
    merged = {"schema": RECORD_SCHEMA, "concept": b.get("concept"), "quizzes": {}, "quizTimes": {}}
    for quiz_id in keys_of(a.get("quizzes"), b.get("quizzes")):
        picks = merge_quiz_picks(quiz_side(a, quiz_id, 0), quiz_side(b, quiz_id, 0))
        if picks:
            merged["quizzes"][quiz_id] = picks["picks"]
            merged["quizTimes"][quiz_id] = picks["at"]
    return merged


def merge_test(a, b):
    if a.get("total") != b.get("total"):
        at_a, at_b = a.get("at") or 0, b.get("at") or 0
        later = a if at_a > at_b or (at_a == at_b and a["total"] > b["total"]) else b
        return merge_test(later, later)
    counts_a, counts_b = attempt_counts(a), attempt_counts(b)
    attempts_by = {
        device: max(counts_a.get(device) or 0, counts_b.get(device) or 0) for device in keys_of(counts_a, counts_b)
    }
    return {
        "schema": RECORD_SCHEMA,
        "test": b.get("test"),
        "total": b.get("total"),
        "attempts": sum(attempts_by.values()),
        "attemptsBy": attempts_by,
        "best": max(a.get("best") or 0, b.get("best") or 0),
        "passed": bool(a.get("passed") or b.get("passed")),
        "at": max(a.get("at") or 0, b.get("at") or 0),
    }


def attempt_counts(record):
    """A test record's attempts per device (a record from before they were counted so: one device, "")."""
    if isinstance(record.get("attemptsBy"), dict):
        return record["attemptsBy"]
    return {"": record["attempts"]} if record.get("attempts") else {}


def keys_of(*objects):
    """The keys of every object, each once, in first-seen order (as JavaScript's Set keeps them)."""
    return list(dict.fromkeys(key for thing in objects for key in (thing or {})))


def is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def js_json(value):
    """JSON.stringify's text: no spaces, and 2.0 written as 2."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, list):
        return "[" + ",".join(js_json(item) for item in value) + "]"
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def js_order(text):
    """A key that orders strings as JavaScript's < does: by UTF-16 code units."""
    return text.encode("utf-16-be", "surrogatepass")  # a code cut mid-emoji holds a lone surrogate
