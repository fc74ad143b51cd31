"""What a copied passkey, a planted cookie, a framing page and an unverified user get: a copy that
jumps its counter ahead leaves the genuine device signed in and the passkey flagged; two session
cookies are refused; a ceremony in another site's frame, and a request a frame or another site
started, are refused, and no answer may be framed; a passkey that did not verify its user is refused."""

import httpx
import pytest

from tests.soft_authenticator import SoftAuthenticator
from tests.sync.device import Device


def test_a_copy_that_jumps_the_counter_ahead_does_not_lock_out_the_genuine_device(devices):
    laptop = devices()
    laptop.create_account("Ada").raise_for_status()
    laptop.sign_in().raise_for_status()  # the counter is 1
    thief = devices(authenticator=SoftAuthenticator())
    laptop.authenticator.copy_to(thief.authenticator)
    (copied,) = thief.authenticator.credentials.values()
    copied.sign_count = 1000
    assert thief.sign_in().status_code == 200  # a counter that went forward: nothing to notice yet
    assert [key["copyNoticed"] for key in laptop.passkeys()] == [None]
    again = laptop.sign_in()  # 2, behind the copy's 1001
    assert again.status_code == 200, again.text
    (listed,) = laptop.passkeys()
    assert listed["copyNoticed"] is not None and listed["copyNoticed"] <= listed["lastUsed"]
    assert laptop.sign_in().status_code == 200 and laptop.progress().status_code == 200


def test_a_synced_passkey_counting_zero_on_every_device_is_no_copy(devices):
    laptop, phone = devices(authenticator=SoftAuthenticator(synced=True)), devices()
    laptop.create_account("Ada").raise_for_status()
    laptop.authenticator.copy_to(phone.authenticator)
    phone.authenticator.synced = True
    assert laptop.sign_in().status_code == 200 and phone.sign_in().status_code == 200
    assert [key["copyNoticed"] for key in laptop.passkeys()] == [None]


@pytest.mark.parametrize("method, path", [("GET", "session"), ("GET", "progress"), ("POST", "sign-out")])
def test_two_session_cookies_are_refused(devices, service, method, path):
    ada = devices()
    ada.create_account("Ada").raise_for_status()
    token = ada.http.cookies["gradlab_session"]
    planted = Device(service.url)
    planted.create_account("Mallory").raise_for_status()
    both = f"gradlab_session={token}; gradlab_session={planted.http.cookies['gradlab_session']}"
    planted.close()
    headers = {"Cookie": both, "X-CSRF-Token": planted.csrf, "Origin": planted.origin}
    answer = httpx.request(method, f"{service.url}/api/{path}", headers=headers)
    assert answer.status_code == 400 and "two session cookies" in answer.json()["error"]
    assert ada.progress().status_code == 200


def test_a_ceremony_in_another_site_s_frame_is_refused(devices):
    ada = devices()
    framed = {"top_origin": "https://evil.example"}
    made = ada.ceremony(
        "accounts", {"name": "Ada"}, lambda options: ada.authenticator.create(options, ada.origin, **framed)
    )
    assert made.status_code == 400 and "site's own page" in made.json()["error"]
    ada = devices()
    ada.create_account("Ada").raise_for_status()
    signed_in = ada.ceremony("sign-in", {}, lambda options: ada.authenticator.get(options, ada.origin, **framed))
    assert signed_in.status_code == 400 and "site's own page" in signed_in.json()["error"]


@pytest.mark.parametrize(
    "fetch_headers",
    [
        {"Sec-Fetch-Dest": "iframe"},
        {"Sec-Fetch-Dest": "document"},
        {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Dest": "empty"},
    ],
)
def test_a_request_from_a_frame_a_form_or_another_site_changes_nothing(devices, fetch_headers):
    framed = devices(headers=fetch_headers)
    answer = framed.post("sign-in/begin")
    assert answer.status_code == 403 and "site's own pages" in answer.json()["error"]
    fetched = devices(headers={"Sec-Fetch-Site": "same-site", "Sec-Fetch-Dest": "empty"})
    assert fetched.create_account().status_code == 200


def test_no_answer_of_the_service_may_be_framed(devices):
    ada = devices()
    for answer in (ada.http.get("/api/session"), ada.post("sign-in/begin"), ada.http.get("/api/nowhere")):
        assert answer.headers["x-frame-options"] == "DENY"
        assert answer.headers["content-security-policy"] == "frame-ancestors 'none'"


def test_a_passkey_that_did_not_verify_its_user_is_refused(devices):
    ada = devices()
    unverified = {"user_verified": False}
    made = ada.ceremony(
        "accounts", {"name": "Ada"}, lambda options: ada.authenticator.create(options, ada.origin, **unverified)
    )
    assert made.status_code == 400 and "could not be verified" in made.json()["error"]
    ada = devices()  # the refused passkey stays on the first authenticator, which would offer it first
    ada.create_account("Ada").raise_for_status()
    assert (
        ada.ceremony(
            "sign-in", {}, lambda options: ada.authenticator.get(options, ada.origin, **unverified)
        ).status_code
        == 400
    )
    assert ada.sign_in().status_code == 200
