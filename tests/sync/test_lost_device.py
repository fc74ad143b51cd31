"""A lost device can be cut off: the account lists its passkeys by the device each was added from,
and removing one ends its sessions for good; the last one stays. Sign out everywhere also ends every
device code. What an account holds besides its progress is bounded (passkeys, sessions)."""

import sqlite3

import pytest

from tests.sync.device import Device

PHONE = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36"
)
LAPTOP = (
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15"
)


def laptop_and_phone(devices):
    laptop = devices(headers={"User-Agent": LAPTOP})
    phone = devices(headers={"User-Agent": PHONE})
    laptop.create_account("Ada").raise_for_status()
    phone.add_with_code(laptop.device_code()).raise_for_status()
    return laptop, phone


def test_the_account_lists_its_passkeys_by_device_with_when_added_and_last_used(devices):
    laptop, phone = laptop_and_phone(devices)
    listed = laptop.passkeys()
    assert [(key["device"], key["thisDevice"]) for key in listed] == [
        ("Safari on Mac", True),
        ("Chrome on Android", False),
    ]
    assert all(key["added"] <= key["lastUsed"] for key in listed)
    assert [key["thisDevice"] for key in phone.passkeys()] == [False, True]


def test_a_removed_passkey_s_sessions_end_and_it_never_signs_in_again(devices):
    laptop, phone = laptop_and_phone(devices)
    phone_key = next(key["id"] for key in laptop.passkeys() if not key["thisDevice"])
    removed = laptop.delete(f"passkeys/{phone_key}")
    assert removed.status_code == 200 and removed.json() == {"removed": phone_key, "signedOut": False}
    assert phone.progress().status_code == 401
    again = phone.sign_in()
    assert again.status_code == 404 and "not registered here" in again.json()["error"]
    assert [key["device"] for key in laptop.passkeys()] == ["Safari on Mac"]
    assert laptop.progress().status_code == 200


def test_removing_this_device_s_passkey_signs_this_device_out(devices):
    laptop, phone = laptop_and_phone(devices)
    own = next(key["id"] for key in phone.passkeys() if key["thisDevice"])
    removed = phone.delete(f"passkeys/{own}")
    assert removed.json()["signedOut"] is True and "gradlab_session" in removed.headers["set-cookie"]
    assert phone.progress().status_code == 401
    assert laptop.progress().status_code == 200


def test_the_last_passkey_cannot_be_removed(devices):
    laptop = devices()
    laptop.create_account()
    only = laptop.passkeys()[0]["id"]
    refused = laptop.delete(f"passkeys/{only}")
    assert refused.status_code == 409 and "delete the account" in refused.json()["error"]
    assert laptop.sign_in().status_code == 200


def test_another_account_s_passkey_is_not_removed(devices):
    ada, _ = laptop_and_phone(devices)
    eve = devices()
    eve.create_account("Eve")
    eve_again = Device(eve.http.base_url.__str__().rstrip("/"), authenticator=eve.authenticator)
    eve_again.sign_in()
    for key in ada.passkeys():
        assert eve.delete(f"passkeys/{key['id']}").status_code == 404
    assert len(ada.passkeys()) == 2
    eve_again.close()


def test_removing_a_passkey_needs_the_session_s_csrf_token(devices):
    laptop, _ = laptop_and_phone(devices)
    phone_key = laptop.passkeys()[1]["id"]
    laptop.csrf, csrf = "forged", laptop.csrf
    assert laptop.delete(f"passkeys/{phone_key}").status_code == 403
    laptop.csrf = csrf
    assert len(laptop.passkeys()) == 2


def test_sign_out_everywhere_ends_every_device_code(devices):
    laptop, stranger = devices(2)
    laptop.create_account()
    code = laptop.device_code()
    assert laptop.post("sign-out-everywhere").status_code == 204
    late = stranger.post("devices/begin", {"code": code})
    assert late.status_code == 400 and "not valid" in late.json()["error"]


def test_an_account_holds_a_bounded_number_of_sessions_and_passkeys(start_service, database):
    service = start_service(database_url=database, most_sessions=2, most_passkeys=2)
    first = Device(service.url)
    first.create_account()
    later = [Device(service.url, authenticator=first.authenticator) for _ in range(2)]
    for device in later:
        device.sign_in().raise_for_status()
    assert first.progress().status_code == 401, "the oldest of three sessions ended"
    assert all(device.progress().status_code == 200 for device in later)
    second = Device(service.url)
    second.add_with_code(later[0].device_code()).raise_for_status()
    third = Device(service.url)
    refused = third.add_with_code(second.device_code())
    assert refused.status_code == 409 and "as many passkeys as an account may" in refused.json()["error"]
    for device in (first, *later, second, third):
        device.close()


@pytest.mark.parametrize(
    "agent, name",
    [
        (PHONE, "Chrome on Android"),
        (LAPTOP, "Safari on Mac"),
        (
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0",
            "Edge on Windows",
        ),
        (
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile Safari/604.1",
            "Safari on iPhone",
        ),
        ("Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox on Linux"),
        ("", "A browser"),
    ],
)
def test_a_passkey_is_named_by_the_browser_and_system_it_was_added_from(agent, name):
    from sync.device_names import device_name

    assert device_name(agent) == name


def test_a_session_from_before_sessions_knew_their_passkey_ends_when_a_passkey_is_removed(tmp_path, start_service):
    database = tmp_path / "old-sessions.sqlite3"
    service = start_service(database_url=f"sqlite:///{database}")
    laptop, phone = Device(service.url, headers={"User-Agent": LAPTOP}), Device(service.url)
    laptop.create_account()
    phone.add_with_code(laptop.device_code())
    with sqlite3.connect(database) as db:  # as migration 4 leaves the sessions it found
        db.execute("UPDATE sessions SET passkey_id = NULL")
    phone_key = next(key["id"] for key in laptop.passkeys() if key["device"] != "Safari on Mac")
    assert laptop.delete(f"passkeys/{phone_key}").json()["signedOut"] is True
    assert phone.progress().status_code == 401 and laptop.progress().status_code == 401
    for device in (laptop, phone):
        device.close()
