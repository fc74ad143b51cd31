"""Guessing a device code takes more than a year at the service's busiest: guesses are counted per
IPv4 address, per IPv6 /64 and in total, live codes are bounded (one an account), and the codes are
kept as an HMAC under a secret the service keeps outside the database."""

import hashlib
import hmac
import sqlite3
import stat
from pathlib import Path

import pytest

from sync.device_codes import MINUTES_A_YEAR, expected_minutes_to_a_hit
from sync.settings import Settings
from tests.sync.device import Device
from tests.sync.test_rate_limits import within_one_minute


def guess(service, address, code="00000-00000"):
    device = Device(service.url, headers={"X-Forwarded-For": address})
    try:
        return device.post("devices/begin", {"code": code}).status_code
    finally:
        device.close()


def test_guesses_from_one_ipv6_64_are_counted_together(start_service, database):
    within_one_minute()
    service = start_service(database_url=database, code_guesses_per_client_per_minute=5)
    same_64 = [guess(service, f"2001:db8:1:2::{n:x}") for n in range(1, 7)]
    assert same_64 == [400] * 5 + [429]
    assert guess(service, "2001:db8:1:3::1") == 400, "another /64 is another client"


def test_guesses_from_ipv4_addresses_are_counted_each_on_its_own(start_service, database):
    within_one_minute()
    service = start_service(database_url=database, code_guesses_per_client_per_minute=2)
    assert [guess(service, "203.0.113.7") for _ in range(3)] == [400, 400, 429]
    assert guess(service, "203.0.113.8") == 400


def test_guesses_from_every_address_together_are_limited(start_service, database):
    within_one_minute()
    service = start_service(database_url=database, most_live_device_codes=1, code_guesses_per_minute=6)
    statuses = [guess(service, f"198.51.100.{n}") for n in range(1, 9)]
    assert statuses == [400] * 6 + [429] * 2


def test_settings_that_let_a_code_be_guessed_within_a_year_are_refused():
    assert expected_minutes_to_a_hit(Settings.most_live_device_codes, Settings.code_guesses_per_minute) > MINUTES_A_YEAR
    with pytest.raises(ValueError, match="more than a year"):
        Settings(code_guesses_per_minute=1_000)


def test_live_codes_are_bounded_and_an_account_has_one_at_a_time(start_service, database):
    service = start_service(database_url=database, most_live_device_codes=2)
    ada, bob, cy, stranger = (Device(service.url) for _ in range(4))
    for device in (ada, bob, cy):
        device.create_account()
    first = ada.device_code()
    second = ada.device_code()  # replaces the first: still one live code for Ada
    bob.device_code()
    refused = cy.post("devices/code")
    assert refused.status_code == 503 and "Too many devices are being added" in refused.json()["error"]
    assert stranger.post("devices/begin", {"code": first}).status_code == 400
    assert stranger.post("devices/begin", {"code": second}).status_code == 200
    for device in (ada, bob, cy, stranger):
        device.close()


def test_codes_are_kept_as_an_hmac_under_a_secret_kept_outside_the_database(tmp_path, start_service):
    database, secret_file = tmp_path / "codes.sqlite3", tmp_path / "keys" / "sync.secret"
    settings = {"database_url": f"sqlite:///{database}", "secret_file": str(secret_file)}
    service = start_service(**settings)
    ada = Device(service.url)
    ada.create_account()
    code = ada.device_code().replace("-", "")
    secret = secret_file.read_text().strip()
    assert len(secret) >= 40 and stat.S_IMODE(secret_file.stat().st_mode) == 0o600
    with sqlite3.connect(database) as db:
        kept = [row[0] for row in db.execute("SELECT code_hash FROM device_codes")]
    assert kept == [hmac.new(secret.encode(), code.encode(), hashlib.sha256).hexdigest()]
    assert hashlib.sha256(code.encode()).hexdigest() not in kept
    service.stop()
    restarted = start_service(**settings)  # the same secret, read back: the code still works
    assert Device(restarted.url).post("devices/begin", {"code": code}).status_code == 200
    assert secret_file.read_text().strip() == secret
    assert not [path for path in Path(secret_file.parent).iterdir() if path != secret_file], "no temporary file left"


def test_a_configured_secret_is_used_and_no_file_is_made(tmp_path, start_service):
    secret_file = tmp_path / "unused.secret"
    service = start_service(code_secret="configured-secret", secret_file=str(secret_file))
    ada = Device(service.url)
    ada.create_account()
    ada.device_code()
    assert not secret_file.exists()
    ada.close()
