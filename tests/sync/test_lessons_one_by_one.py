"""Each lesson of a sync is accepted or refused on its own: a bad or oversized lesson is named with
the reason, and the good lessons sent with it are kept. Every answer, errors included, is JSON."""

import logging
import sqlite3
import time

from tests.sync.device import Device, lesson_progress

GOOD = [lesson_progress(f"1.{n}", sections={"Watch": 10 + n}) for n in range(10)]


def test_a_bad_lesson_and_a_too_large_one_are_refused_by_name_and_the_good_ones_are_kept(devices):
    device = devices()
    device.create_account()
    malformed = lesson_progress("7.2", exercises={"stack": {"code": 5}})
    drafts = [{"code": f"# draft {n}\n" + "x = 1\n" * 400, "starter": "s", "edited": n + 1} for n in range(140)]
    too_large = lesson_progress(
        "8.6", exercises={"stack": {"code": "kept", "edited": 500, "basedOn": 0, "drafts": drafts}}
    )
    lessons = {doc["lesson"]: doc for doc in (*GOOD, malformed, too_large)}
    answer = device.post("progress", {"schema": 2, "lessons": {**lessons, "7.3": lesson_progress("7.4")}})
    assert answer.status_code == 200
    refused = answer.json()["refused"]
    assert set(refused) == {"7.2", "7.3", "8.6"}
    assert "lesson '7.2' is not valid: exercise 'stack': its code is not text" in refused["7.2"]
    assert "says it is lesson '7.4'" in refused["7.3"]
    assert "lesson '8.6' is larger than 256 KB" in refused["8.6"]
    stored = device.progress().json()["lessons"]
    assert sorted(stored) == sorted(doc["lesson"] for doc in GOOD)


def test_a_refused_card_or_module_test_is_named_as_what_it_is(devices):
    device = devices()
    device.create_account()
    card = {"schema": 2, "concept": "chain-rule", "quizzes": 5}
    test = {"schema": 2, "test": "7", "total": "all"}
    answer = device.post("progress", {"schema": 2, "lessons": {"concept:chain-rule": card, "module-test:7": test}})
    refused = answer.json()["refused"]
    assert refused["concept:chain-rule"].startswith("The progress of concept card 'chain-rule' is not valid: ")
    assert refused["module-test:7"].startswith("The progress of module test 7 is not valid: ")


def test_a_code_cut_mid_emoji_is_kept_as_sent(devices):
    device = devices()
    device.create_account()
    # What JSON.stringify sends for a string cut in the middle of a surrogate pair.
    body = (
        '{"schema": 2, "lessons": {"8.6": {"schema": 2, "lesson": "8.6", "startedOver": 0, "quizzes": {}, "quizTimes": {},'
        ' "sections": {}, "exercises": {"stack": {"code": "smile \\ud83d", "starter": "s", "edited": 5, "basedOn": 0,'
        ' "drafts": [{"code": "other \\ude00", "starter": "s", "edited": 4}]}}}, "9.1": %s}}'
    )
    answer = device.http.post(
        "/api/progress",
        content=body % '{"schema": 2, "lesson": "9.1", "exercises": {}, "quizzes": {}, "sections": {"A": 1}}',
        headers={"Content-Type": "application/json", "X-CSRF-Token": device.csrf},
    )
    assert answer.status_code == 200, answer.text
    assert answer.json()["refused"] == {}
    exercise = device.progress().json()["lessons"]["8.6"]["exercises"]["stack"]
    assert exercise["code"] == "smile \ud83d" and exercise["drafts"][0]["code"] == "other \ude00"
    again = device.sync(
        lesson_progress(exercises={"stack": {"code": "smile 😀", "starter": "s", "edited": 6, "basedOn": 5}})
    )
    assert again.status_code == 200 and again.json()["lessons"]["8.6"]["exercises"]["stack"]["code"] == "smile 😀"


def test_a_failure_no_route_expected_is_answered_in_json_and_logged_without_parameters(tmp_path, start_service):
    database = tmp_path / "broken.sqlite3"
    service = start_service(database_url=f"sqlite:///{database}")
    device = Device(service.url)
    device.create_account()
    with sqlite3.connect(database) as db:
        db.execute("DROP TABLE progress")
    logged = Collected()
    loggers = [logging.getLogger(name) for name in ("", "uvicorn", "uvicorn.error")]  # uvicorn's pass nothing up
    for logger in loggers:
        logger.addHandler(logged)
    try:
        answer = device.sync(lesson_progress(sections={"Watch": 1}))
        deadline = time.monotonic() + 10
        while "no such table" not in logged.text and time.monotonic() < deadline:
            time.sleep(0.01)  # uvicorn logs the error after the answer has gone
    finally:
        for logger in loggers:
            logger.removeHandler(logged)
    assert "no such table: progress" in logged.text, "the failure was logged"
    assert "[parameters:" not in logged.text, "SQLAlchemy shows a statement's parameters so"
    assert answer.status_code == 500 and answer.headers["content-type"] == "application/json"
    assert "safe in this browser" in answer.json()["error"]
    assert "progress" not in answer.json()["error"].split("browser")[0].lower().replace("your progress", "")
    device.close()


class Collected(logging.Handler):
    def __init__(self):
        super().__init__(logging.DEBUG)
        self.text = ""

    def emit(self, record):
        self.text += self.format(record) + "\n"
