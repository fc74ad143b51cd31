"""Rate limits are counted in the database: two processes on one database allow the limit once, not
twice; a restart does not reset them; every endpoint that writes is limited; old counts are dropped."""

import sqlite3
import time

from tests.sync.device import Device, lesson_progress


def within_one_minute():
    """Wait, if need be, so that the test's requests fall in one clock minute (limits count per minute)."""
    if time.time() % 60 > 45:
        time.sleep(60 - time.time() % 60 + 0.1)


def test_two_services_on_one_database_and_a_restart_share_the_sign_in_limit(tmp_path, start_service):
    database = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    within_one_minute()
    first, second = (start_service(database_url=database, sign_in_attempts_per_minute=4) for _ in range(2))
    clients = [Device(first.url), Device(second.url)]
    statuses = [clients[n % 2].post("sign-in/begin").status_code for n in range(4)]
    assert statuses == [200] * 4
    assert all(client.post("sign-in/begin").status_code == 429 for client in clients)
    first.stop()
    restarted = start_service(database_url=database, sign_in_attempts_per_minute=4)
    again = Device(restarted.url)
    limited = again.post("sign-in/begin")
    assert limited.status_code == 429 and "Too many sign-in attempts" in limited.json()["error"]
    for client in (*clients, again):
        client.close()


def test_syncs_device_codes_and_other_writes_are_limited_per_account(start_service):
    within_one_minute()
    service = start_service(writes_per_minute=3)
    device = Device(service.url)
    device.create_account()
    assert device.sync(lesson_progress(sections={"Watch": 1})).status_code == 200
    assert device.post("devices/code").status_code == 200
    assert device.sync(lesson_progress(sections={"Build": 2})).status_code == 200
    for path in ("progress", "devices/code", "sign-out"):
        limited = device.post(path, {"schema": 2, "lessons": {}} if path == "progress" else {})
        assert limited.status_code == 429 and int(limited.headers["retry-after"]) > 0, path
    assert "Watch" in device.progress().json()["lessons"]["8.6"]["sections"], "reading is not limited"
    device.close()


def test_counts_of_past_minutes_are_dropped(tmp_path, start_service):
    database = tmp_path / "counts.sqlite3"
    service = start_service(database_url=f"sqlite:///{database}")
    with sqlite3.connect(database) as db:
        db.executemany(
            "INSERT INTO rate_counts VALUES (?, ?, 1)", [(f"sign-in 10.0.0.{n}", 1000 + n) for n in range(100)]
        )
    device = Device(service.url)
    device.post("sign-in/begin").raise_for_status()
    with sqlite3.connect(database) as db:
        assert db.execute("SELECT COUNT(*) FROM rate_counts").fetchone() == (1,)
    device.close()
