"""A sync sends only the lessons that changed since the device and the service last agreed, and is
answered only what changed since the version of the account's progress the device last received."""

import json
import time

from tests.sync.device import Device, Learner

LESSONS = 150


def ordinary_lesson(learner, number):
    """A lesson of ordinary size (about 2.5 KB): two exercises' code, a quiz answered, sections done."""
    lesson = f"{number // 10}.{number % 10}"
    for exercise in ("stack", "norm"):
        learner.edit(
            f"# lesson {lesson}\n" + "def layer(x):\n    return sum(w * xi for w, xi in zip(weights, x)) + bias\n" * 10,
            exercise=exercise,
            lesson=lesson,
        )
    learner.pick("q-layer", 2, lesson=lesson)
    learner.doc(lesson)["sections"] = {"Watch": learner.stamp(lesson), "Explore": learner.stamp(lesson)}


def test_150_lessons_one_changed_send_and_receive_only_that_one(devices):
    laptop, phone = devices(2)
    laptop.create_account()
    phone.add_with_code(laptop.device_code())
    laptop, phone = Learner(laptop, time.time() * 1000), Learner(phone, time.time() * 1000)
    for number in range(LESSONS):
        ordinary_lesson(laptop, number)
    first = laptop.sync()
    full = len(first.request.content)
    assert full > 250_000, "every lesson goes once"
    assert len(phone.sync().json()["lessons"]) == LESSONS

    unchanged = laptop.sync()
    assert len(unchanged.request.content) < 200 and len(unchanged.content) < 200

    laptop.edit("changed", lesson="7.3")
    one = laptop.sync()
    sent, answered = len(one.request.content), len(one.content)
    assert list(json.loads(one.request.content)["lessons"]) == ["7.3"]
    assert sent < 5_000 and answered < 200, (sent, answered)
    on_phone = phone.sync()
    assert list(on_phone.json()["lessons"]) == ["7.3"] and len(on_phone.content) < 5_000
    assert phone.code(lesson="7.3") == "changed"
    print(
        f"\n150 lessons: first sync {full} B sent; nothing changed {len(unchanged.request.content)} B sent,"
        f" {len(unchanged.content)} B answered; one changed {sent} B sent, {answered} B answered,"
        f" {len(on_phone.content)} B to the other device"
    )


def test_reading_progress_since_a_version_gives_only_later_lessons(devices):
    device = devices()
    device.create_account()
    learner = Learner(device, time.time() * 1000)
    learner.edit("one", lesson="1.1")
    version = learner.sync().json()["version"]
    learner.edit("two", lesson="1.2")
    learner.sync()
    later = device.http.get("/api/progress", params={"since": version}).json()
    assert list(later["lessons"]) == ["1.2"] and later["version"] > version
    assert sorted(device.progress().json()["lessons"]) == ["1.1", "1.2"]
    assert device.http.get("/api/progress", params={"since": "x"}).status_code == 400


def test_a_page_s_poll_is_a_read_that_says_how_often_to_poll_and_is_not_counted_as_a_write(start_service):
    service = start_service(poll_seconds=0.5, writes_per_minute=3)
    device = Device(service.url)
    try:
        device.create_account()
        learner = Learner(device, time.time() * 1000)
        learner.edit("one", lesson="1.1")
        assert learner.sync().json()["pollSeconds"] == 0.5
        for _ in range(10):  # a page open for minutes: far more polls than writes allowed
            polled = device.http.get("/api/progress", params={"since": learner.since})
            assert polled.status_code == 200 and polled.json()["lessons"] == {}
        assert polled.json()["pollSeconds"] == 0.5 and polled.json()["synced"] > 0
    finally:
        device.close()
