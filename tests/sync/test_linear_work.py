"""No request's work grows faster than its size: merges look picks up by key, a document holds no
more than a page produces (picks per question, drafts per exercise), sizes and bounds are checked
before any merge, and only the course's own documents are kept. Timings: bench/sync_merge.py."""

import json
from pathlib import Path

from sync.progress_merge import MOST_DRAFTS, merge_progress, merge_quiz_picks
from tests.sync.device import lesson_progress

SCHEMA_FILE = Path(__file__).resolve().parents[2] / "sync" / "progress_document.schema.json"


class CountedPick:
    """A quiz option that counts how often it is compared, to show how the merge's work grows."""

    comparisons = 0

    def __init__(self, value):
        self.value = value

    def __hash__(self):
        return hash(self.value)

    def __eq__(self, other):
        CountedPick.comparisons += 1
        return self.value == other.value


def test_merging_quiz_picks_compares_each_pick_a_bounded_number_of_times():
    stored = {"picks": [CountedPick(n) for n in range(2_000)], "at": 1}
    sent = {"picks": [CountedPick(n) for n in range(1_000, 3_000)], "at": 2}
    CountedPick.comparisons = 0
    merged = merge_quiz_picks(stored, sent)
    assert [pick.value for pick in merged["picks"]] == [*range(1_000), *range(1_000, 3_000)]
    # Comparing every stored pick with every sent one would be 4,000,000 comparisons.
    assert CountedPick.comparisons <= 2 * (2_000 + 2_000)


def test_a_merge_keeps_the_newest_drafts_up_to_the_bound():
    def with_drafts(first):
        drafts = [{"code": f"# {n}", "starter": "s", "edited": n} for n in range(first, first + 15)]
        return lesson_progress(exercises={"stack": {"code": "now", "starter": "s", "edited": 100, "drafts": drafts}})

    merged = merge_progress(with_drafts(1), with_drafts(16))
    assert [draft["edited"] for draft in merged["exercises"]["stack"]["drafts"]] == list(range(11, 31))


def test_the_schema_bounds_drafts_as_the_merge_does():
    schema = json.loads(SCHEMA_FILE.read_text())
    exercise = schema["$defs"]["lesson"]["properties"]["exercises"]["additionalProperties"]
    assert exercise["properties"]["drafts"]["maxItems"] == MOST_DRAFTS


def test_more_picks_than_a_question_has_options_are_refused_by_name_and_the_rest_kept(devices):
    device = devices()
    device.create_account()
    # 80,000 picks (156 KB): merged pick by pick with as many stored, the quadratic merge took seconds.
    flood = lesson_progress("8.6", quizzes={"q": [n % 4 for n in range(80_000)]}, quizTimes={"q": 5})
    good = lesson_progress("7.2", quizzes={"q": [1, 0]}, quizTimes={"q": 5})
    answer = device.sync(flood, good)
    assert answer.status_code == 200, answer.text
    assert answer.json()["refused"] == {
        "8.6": "The progress of lesson '8.6' is not valid: quiz 'q': more than 64 picks, more than a question has options."
    }
    assert list(device.progress().json()["lessons"]) == ["7.2"]


def test_more_drafts_than_a_merge_keeps_are_refused_by_name(devices):
    device = devices()
    device.create_account()
    drafts = [{"code": f"# {n}", "starter": "s", "edited": n + 1} for n in range(MOST_DRAFTS + 1)]
    answer = device.sync(lesson_progress("8.6", exercises={"stack": {"code": "x", "edited": 99, "drafts": drafts}}))
    assert "exercise 'stack': more than 20 drafts" in answer.json()["refused"]["8.6"]
    assert device.progress().json()["lessons"] == {}


def test_only_the_documents_of_the_course_plan_are_kept(devices):
    device = devices()
    device.create_account()
    made_up = {
        f"{n}.{n}": lesson_progress(f"{n}.{n}", sections={"Watch": 5}) for n in range(20, 30)
    }  # the wide course plans modules 0 to 14
    card = {"schema": 1, "concept": "made-up", "quizzes": {"q": [0]}, "quizTimes": {"q": 5}}
    test = {"schema": 1, "test": "99", "total": 3, "attempts": 1, "best": 2, "passed": False}
    real = lesson_progress("8.6", sections={"Watch": 5})
    lessons = {**made_up, "concept:made-up": card, "module-test:99": test, "8.6": real}
    answer = device.post("progress", {"schema": 2, "lessons": lessons})
    refused = answer.json()["refused"]
    assert sorted(refused) == sorted([*made_up, "concept:made-up", "module-test:99"])
    assert refused["20.20"] == "There is no lesson '20.20' in this course: its progress is not kept."
    assert refused["concept:made-up"] == "There is no concept card 'made-up' in this course: its progress is not kept."
    assert list(device.progress().json()["lessons"]) == ["8.6"]


def test_the_service_reads_the_plan_of_the_lessons_folder_it_is_given(start_service, tmp_path):
    lessons = tmp_path / "lessons"
    (lessons / "concepts").mkdir(parents=True)
    (lessons / "course.toml").write_text('[[module]]\nnumber = 3\ntitle = "Three"\nlessons = ["3.1 One"]\n')
    (lessons / "concepts" / "slope.md").write_text("")
    service = start_service(lessons_dir=str(lessons))
    from tests.sync.device import Device

    device = Device(service.url)
    try:
        device.create_account()
        documents = {
            "3.1": lesson_progress("3.1", sections={"Watch": 5}),
            "8.6": lesson_progress("8.6", sections={"Watch": 5}),
            "concept:slope": {"schema": 1, "concept": "slope", "quizzes": {}},
            "module-test:3": {"schema": 1, "test": "3", "total": 3, "attempts": 1, "best": 2, "passed": False},
        }
        answer = device.post("progress", {"schema": 2, "lessons": documents})
        assert list(answer.json()["refused"]) == ["8.6"]
    finally:
        device.close()


def test_the_fast_check_and_jsonschema_agree_on_every_document_of_the_table():
    from sync.progress import VALIDATORS, passes_fast_check

    rows = json.loads((SCHEMA_FILE.parents[1] / "tests" / "fixtures" / "progress_documents.json").read_text())["rows"]
    for document_id, doc, _ in rows:
        kind, _, name = document_id.rpartition(":")
        kind = {"concept": "card", "module-test": "test", "": "lesson"}[kind]
        valid = not list(VALIDATORS[kind](name).iter_errors(doc))
        assert passes_fast_check(kind, name, doc) == valid, document_id
