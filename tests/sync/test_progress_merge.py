"""The service merges progress exactly as the page does: both merges on the same random pairs."""

import json
import random
import subprocess
from pathlib import Path

from sync.progress_merge import code_fingerprint, merge_document, merge_progress, next_stamp

ROOT = Path(__file__).resolve().parents[2]
PAGE_MERGE = ROOT / "static" / "page" / "progress-merge.js"
PAIRS = 400

# Few values, so that ties, equal codes, a winner's own draft and Start over all happen often.
TIMES = [0, 1, 5, 9, 10, 12]
CODES = ["x = 1", "x = 2", "x = x + layer(x)", "é ∂", "𝑥 = 3", "cut \ud835"]  # the last: cut mid-emoji


def random_exercise(rng):
    exercise = {}
    if rng.random() < 0.7:
        exercise.update(
            code=rng.choice(CODES), starter="9e3779b9", edited=rng.choice(TIMES), basedOn=rng.choice([0, None, *TIMES])
        )
        if rng.random() < 0.5:  # the code it was written over, one of those a tie may share a time with
            exercise["basedOnHash"] = code_fingerprint(rng.choice(CODES))
    stamps = {}
    for field, values in (("passed", [True, False]), ("solutionShown", [True, False]), ("hints", [0, 1, 2, 3])):
        if rng.random() < 0.5:
            exercise[field] = rng.choice(values)
            stamps[field] = rng.choice(TIMES)
    if stamps:
        exercise["at"] = stamps
    if rng.random() < 0.3:
        exercise["drafts"] = [
            {"code": rng.choice(CODES), "starter": "9e3779b9", "edited": rng.choice(TIMES)}
            for _ in range(rng.randint(1, 2))
        ]
    if rng.random() < 0.2:
        exercise["draftsSettled"] = rng.choice(TIMES)
    return exercise


def random_document(rng):
    quizzes = {
        quiz: rng.sample([0, 1, 2, 3], rng.randint(1, 3))
        for quiz in rng.sample(["q-a", "q-b", "q-c"], rng.randint(0, 3))
    }
    return {
        "schema": 2,
        "lesson": "8.6",
        "startedOver": rng.choice([0, 0, 0, 5, 10]),
        "exercises": {name: random_exercise(rng) for name in rng.sample(["stack", "norm"], rng.randint(0, 2))},
        "quizzes": quizzes,
        "quizTimes": {quiz: rng.choice(TIMES) for quiz in quizzes},
        "sections": {
            title: rng.choice(TIMES) for title in rng.sample(["Watch", "Explore", "Build"], rng.randint(0, 3))
        },
    }


def random_card(rng):
    quizzes = {
        quiz: rng.sample([0, 1, 2, 3], rng.randint(1, 3)) for quiz in rng.sample(["q-a", "q-b"], rng.randint(0, 2))
    }
    times = {
        quiz: rng.choice(TIMES) for quiz in quizzes if rng.random() < 0.8
    }  # a card saved before it kept times has none
    return {"schema": 1, "concept": "residual-connections", "quizzes": quizzes, "quizTimes": times}


def random_test_record(rng):
    record = {
        "schema": 1,
        "test": "8",
        "total": rng.choice([6, 6, 6, 7]),
        "best": rng.randint(0, 6),
        "passed": rng.random() < 0.5,
        "attempts": rng.randint(0, 4),
    }
    if rng.random() < 0.8:  # else a record from before attempts were counted per device
        record["attemptsBy"] = {
            device: rng.randint(1, 3) for device in rng.sample(["", "laptop", "phone"], rng.randint(0, 3))
        }
    if rng.random() < 0.8:
        record["at"] = rng.choice(TIMES)
    return record


def page_merges(pairs):
    """What static/page/progress-merge.js makes of each pair, run by Node."""
    script = f"""
        import {{ mergeProgress, nextStamp }} from {json.dumps(PAGE_MERGE.as_uri())};
        let input = "";
        for await (const chunk of process.stdin) input += chunk;
        process.stdout.write(JSON.stringify(JSON.parse(input).map(([a, b]) => [mergeProgress(a, b), nextStamp(a, 7.5)])));
    """
    done = subprocess.run(
        ["node", "--input-type=module", "-e", script],
        input=json.dumps(pairs),
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)


def test_the_service_merges_every_pair_as_the_page_does():
    rng = random.Random(20261130)
    pairs = [(random_document(rng), random_document(rng)) for _ in range(PAIRS)]
    for (stored, mine), (expected, stamp) in zip(pairs, page_merges(pairs)):
        assert json.loads(json.dumps(merge_progress(stored, mine))) == expected, (stored, mine)
        assert next_stamp(stored, 7.5) == stamp, stored


def page_document_merges(triples):
    """What mergeDocument in static/page/progress-merge.js makes of each (id, stored, mine), run by Node."""
    script = f"""
        import {{ mergeDocument, nextStamp }} from {json.dumps(PAGE_MERGE.as_uri())};
        let input = "";
        for await (const chunk of process.stdin) input += chunk;
        process.stdout.write(JSON.stringify(JSON.parse(input).map(([id, a, b]) => [mergeDocument(id, a, b), a ? nextStamp(a, 7.5) : null])));
    """
    done = subprocess.run(
        ["node", "--input-type=module", "-e", script],
        input=json.dumps(triples),
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)


def test_the_service_merges_cards_and_test_records_as_the_page_does():
    rng = random.Random(20261202)
    triples = []
    for _ in range(PAIRS):
        document_id, make = rng.choice(
            [
                ("concept:residual-connections", random_card),
                ("module-test:8", random_test_record),
                ("8.6", random_document),
            ]
        )
        triples.append([document_id, make(rng) if rng.random() < 0.9 else None, make(rng)])
    for (document_id, stored, mine), (expected, stamp) in zip(triples, page_document_merges(triples)):
        assert json.loads(json.dumps(merge_document(document_id, stored, mine))) == expected, (
            document_id,
            stored,
            mine,
        )
        if stored:
            assert next_stamp(stored, 7.5) == stamp, stored


def test_merging_keeps_both_versions_of_crossed_code():
    laptop = {
        "schema": 2,
        "lesson": "8.6",
        "startedOver": 0,
        "quizzes": {},
        "quizTimes": {},
        "sections": {"Watch": 3},
        "exercises": {"stack": {"code": "laptop", "starter": "s", "edited": 10, "basedOn": 1}},
    }
    phone = {
        **laptop,
        "sections": {"Build": 4},
        "exercises": {"stack": {"code": "phone", "starter": "s", "edited": 12, "basedOn": 1}},
    }
    merged = merge_progress(laptop, phone)
    assert merged["exercises"]["stack"]["code"] == "phone"
    assert [draft["code"] for draft in merged["exercises"]["stack"]["drafts"]] == ["laptop"]
    assert merged["sections"] == {"Watch": 3, "Build": 4}
