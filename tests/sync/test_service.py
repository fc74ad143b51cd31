"""The sync service through its HTTP API: accounts, passkeys, devices, sessions and progress."""

import sqlite3
import threading

from sync.migrations import MIGRATIONS
from tests.soft_authenticator import SoftAuthenticator
from tests.sync.device import SITE, Device, lesson_progress


def test_an_account_made_on_one_device_syncs_to_another_signed_in_with_the_same_synced_passkey(devices):
    laptop, phone = devices(2, authenticator=SoftAuthenticator(synced=True))
    assert laptop.create_account("Ada").json()["account"] == {"name": "Ada"}
    laptop.authenticator.copy_to(phone.authenticator)
    laptop.sync(lesson_progress(sections={"Watch": 100})).raise_for_status()

    assert phone.sign_in().json()["account"] == {"name": "Ada"}
    assert phone.progress().json()["lessons"]["8.6"]["sections"] == {"Watch": 100}
    answer = phone.sync(lesson_progress(sections={"Build": 200}))
    assert answer.json()["lessons"]["8.6"]["sections"] == {"Watch": 100, "Build": 200}
    assert laptop.progress().json()["lessons"]["8.6"]["sections"] == {"Watch": 100, "Build": 200}


def test_a_device_added_with_a_code_gets_a_passkey_of_its_own_and_the_code_works_once(devices):
    laptop, phone, stranger = devices(3)
    laptop.create_account("Ada")
    code = laptop.device_code()
    assert len(code) == 11 and code[5] == "-"

    assert phone.add_with_code(code).json()["account"] == {"name": "Ada"}
    assert phone.http.get("/api/session").json()["signedIn"] is True
    again = stranger.post("devices/begin", {"code": code})
    assert again.status_code == 400 and "code" in again.json()["error"]
    assert stranger.post("devices/begin", {"code": "0000-0000"}).status_code == 400
    phone.http.cookies.clear()
    assert phone.sign_in().status_code == 200, "the phone's own passkey signs it in"


def test_sessions_show_who_is_signed_in_and_end_on_sign_out(devices):
    laptop = devices()
    assert laptop.http.get("/api/session").json() == {"signedIn": False}
    laptop.create_account("Ada")
    session = laptop.http.get("/api/session").json()
    assert session == {"signedIn": True, "account": {"name": "Ada"}, "csrf": laptop.csrf}
    assert laptop.post("sign-out").status_code == 204
    assert laptop.http.get("/api/session").json() == {"signedIn": False}
    assert laptop.progress().status_code == 401


def test_sign_out_everywhere_ends_every_device_s_session(devices):
    laptop, phone = devices(2)
    laptop.create_account()
    phone.add_with_code(laptop.device_code())
    assert phone.post("sign-out-everywhere").status_code == 204
    assert laptop.progress().status_code == 401
    assert laptop.sync(lesson_progress()).status_code == 401


def test_deleting_the_account_deletes_its_progress_and_its_passkeys_sign_nobody_in(devices):
    laptop = devices()
    laptop.create_account()
    laptop.sync(lesson_progress(sections={"Watch": 1})).raise_for_status()
    assert (
        laptop.http.request("DELETE", "/api/account", json={}, headers={"X-CSRF-Token": laptop.csrf}).status_code == 204
    )
    assert laptop.progress().status_code == 401
    laptop.csrf = None
    refused = laptop.sign_in()
    assert refused.status_code == 404 and "not registered" in refused.json()["error"]


def test_crossed_code_edits_keep_both_versions(devices):
    laptop, phone = devices(2)
    laptop.create_account()
    phone.add_with_code(laptop.device_code())

    def edit(code, at):
        return {"stack": {"code": code, "starter": "s", "edited": at, "basedOn": 0}}

    laptop.sync(lesson_progress(exercises=edit("laptop's", 10))).raise_for_status()
    merged = phone.sync(lesson_progress(exercises=edit("phone's", 20))).json()["lessons"]["8.6"]["exercises"]["stack"]
    assert merged["code"] == "phone's"
    assert [draft["code"] for draft in merged["drafts"]] == ["laptop's"]


def test_concurrent_syncs_of_one_lesson_lose_no_update(devices, service):
    laptop = devices()
    laptop.create_account()
    others = []
    for _ in range(7):
        other = Device(service.url)
        other.http.cookies = laptop.http.cookies
        other.csrf = laptop.csrf
        others.append(other)
    failures = []

    def mark(device, index):
        for round_ in range(5):
            answer = device.sync(lesson_progress(sections={f"device {index} round {round_}": 1 + round_}))
            if answer.status_code != 200:
                failures.append(answer.text)

    threads = [threading.Thread(target=mark, args=(device, i)) for i, device in enumerate(others)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures
    assert len(laptop.progress().json()["lessons"]["8.6"]["sections"]) == 7 * 5
    for other in others:
        other.close()


def test_the_schema_is_migrated_once_and_again_is_harmless(service):
    store = service.app.state.store
    assert store.schema_version() == MIGRATIONS[-1][0]
    store.migrate()
    assert store.schema_version() == MIGRATIONS[-1][0]


def test_two_services_on_one_postgresql_database_migrate_once_and_lose_no_update(start_service, postgres_server):
    database = postgres_server.create_database("two_services")
    services = []
    starting = [
        threading.Thread(target=lambda: services.append(start_service(database_url=database))) for _ in range(2)
    ]
    for thread in starting:
        thread.start()
    for thread in starting:
        thread.join()
    assert len(services) == 2, "both services started on the fresh database"
    laptop = Device(services[0].url)
    laptop.create_account()
    phone = Device(services[1].url)
    phone.add_with_code(laptop.device_code())
    failures = []

    def mark(device, name):
        for round_ in range(10):
            if device.sync(lesson_progress(sections={f"{name} {round_}": 1 + round_})).status_code != 200:
                failures.append(name)

    threads = [threading.Thread(target=mark, args=pair) for pair in ((laptop, "laptop"), (phone, "phone"))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures
    assert len(phone.progress().json()["lessons"]["8.6"]["sections"]) == 20
    laptop.close()
    phone.close()


def test_a_failure_of_the_server_is_a_json_sentence_without_a_traceback(start_service, tmp_path):
    # A real failure: the database loses a table under the running service, as a bad migration would.
    database = tmp_path / "failing.sqlite3"
    service = start_service(database_url=f"sqlite:///{database}")
    device = Device(service.url)
    try:
        with sqlite3.connect(database) as db:
            db.execute("DROP TABLE ceremonies")
        answer = device.post("accounts/begin", {"name": "Ada"})
        assert answer.status_code == 500
        assert answer.headers["content-type"] == "application/json"
        assert answer.headers["cache-control"] == "no-store"
        assert answer.headers["access-control-allow-origin"] == SITE
        assert answer.json() == {
            "error": "The sync service failed to answer: an error on the server, which its log "
            "records. Your progress is safe in this browser; sync again in a while."
        }
    finally:
        device.close()


def test_an_unknown_route_and_a_wrong_method_are_json_too(service):
    device = Device(service.url)
    try:
        for answer in (device.http.get("/api/nowhere"), device.http.delete("/api/progress")):
            assert answer.status_code in (404, 405) and set(answer.json()) == {"error"}
    finally:
        device.close()
