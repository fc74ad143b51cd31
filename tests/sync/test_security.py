"""Each of the service's defences, tried the way an attacker or a broken client would."""

import logging
import time

import httpx
import pytest

from sync.sessions import token_hash
from tests.soft_authenticator import to_base64url
from tests.sync.device import SITE, Device, lesson_progress

EVIL = "https://evil.example"


def begin_and_answer(device, kind, body, make):
    begun = device.post(f"{kind}/begin", body).json()
    return begun["flow"], make(begun["options"])


def test_a_challenge_is_used_once(devices):
    laptop = devices()
    flow, credential = begin_and_answer(
        laptop, "accounts", {"name": "Ada"}, lambda o: laptop.authenticator.create(o, SITE)
    )
    assert laptop.post("accounts/finish", {"flow": flow, "credential": credential}).status_code == 200
    replayed = laptop.post("accounts/finish", {"flow": flow, "credential": credential})
    assert replayed.status_code == 400 and "already used" in replayed.json()["error"]

    flow, assertion = begin_and_answer(laptop, "sign-in", {}, lambda o: laptop.authenticator.get(o, SITE))
    assert laptop.post("sign-in/finish", {"flow": flow, "credential": assertion}).status_code == 200
    assert laptop.post("sign-in/finish", {"flow": flow, "credential": assertion}).status_code == 400
    # The same signed answer under a new ceremony: its challenge is not the new one.
    new_flow = laptop.post("sign-in/begin", {}).json()["flow"]
    assert laptop.post("sign-in/finish", {"flow": new_flow, "credential": assertion}).status_code == 400


def test_a_challenge_expires(start_service):
    service = start_service(ceremony_seconds=1)
    device = Device(service.url)
    flow, credential = begin_and_answer(
        device, "accounts", {"name": "Ada"}, lambda o: device.authenticator.create(o, SITE)
    )
    time.sleep(1.2)
    late = device.post("accounts/finish", {"flow": flow, "credential": credential})
    assert late.status_code == 400 and "expired" in late.json()["error"]
    device.close()


def test_a_passkey_made_for_another_origin_or_rp_id_is_refused(devices):
    device = devices()
    for fault in ({"origin": EVIL}, {"rp_id": "evil.example"}):
        begun = device.post("accounts/begin", {"name": "Ada"}).json()
        origin = fault.get("origin", SITE)
        credential = device.authenticator.create(
            begun["options"], origin, **{k: v for k, v in fault.items() if k == "rp_id"}
        )
        refused = device.post("accounts/finish", {"flow": begun["flow"], "credential": credential})
        assert refused.status_code == 400, fault
        assert "set-cookie" not in refused.headers
    device.create_account()
    device.http.cookies.clear()
    begun = device.post("sign-in/begin", {}).json()
    assertion = device.authenticator.get(begun["options"], EVIL)
    # 404 if the authenticator answered with a passkey the service never registered, 400 if with the registered one
    assert device.post("sign-in/finish", {"flow": begun["flow"], "credential": assertion}).status_code in (400, 404)


def test_a_tampered_signature_is_refused(devices):
    device = devices()
    device.create_account()
    begun = device.post("sign-in/begin", {}).json()
    assertion = device.authenticator.get(begun["options"], SITE)
    signature = bytearray(assertion["response"]["signature"].encode())
    signature[-3] = ord("A") if signature[-3] != ord("A") else ord("B")
    assertion["response"]["signature"] = signature.decode()
    assert device.post("sign-in/finish", {"flow": begun["flow"], "credential": assertion}).status_code == 400


def test_requests_from_another_origin_or_without_one_change_nothing(devices, service):
    device = devices()
    for origin in (EVIL, None):
        client = httpx.Client(base_url=service.url, headers={"Origin": origin} if origin else {})
        refused = client.post("/api/accounts/begin", json={"name": "Ada"})
        assert refused.status_code == 403 and "origin" in refused.json()["error"]
        client.close()
    device.create_account()
    stolen = device.http.post(
        "/api/progress", json={"schema": 2, "lessons": {}}, headers={"Origin": EVIL, "X-CSRF-Token": device.csrf}
    )
    assert stolen.status_code == 403


def test_cors_lets_only_the_site_read_answers(service):
    allowed = httpx.options(
        f"{service.url}/api/progress",
        headers={
            "Origin": SITE,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "content-type,x-csrf-token",
        },
    )
    assert allowed.headers["access-control-allow-origin"] == SITE
    assert allowed.headers["access-control-allow-credentials"] == "true"
    other = httpx.options(
        f"{service.url}/api/progress", headers={"Origin": EVIL, "Access-Control-Request-Method": "POST"}
    )
    assert "access-control-allow-origin" not in other.headers


def test_the_session_cookie_is_httponly_strict_and_renewed_at_sign_in(devices):
    device = devices()
    cookie = device.create_account().headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=strict" in cookie and "Path=/api" in cookie
    assert "Secure" not in cookie, "on http a Secure cookie would be dropped"
    first = device.http.cookies["gradlab_session"]
    old_csrf = device.csrf
    device.sign_in()
    assert device.http.cookies["gradlab_session"] != first
    assert device.csrf != old_csrf
    planted = Device(device.http.base_url.__str__())
    planted.http.cookies.set("gradlab_session", first, domain="127.0.0.1", path="/api")
    assert planted.progress().status_code == 401, "the session before sign-in ended with it"
    planted.close()


def test_the_session_cookie_is_secure_on_the_https_origin_and_not_on_the_http_one(start_service):
    service = start_service(site_origins=("https://learn.example.org", "http://learn.example.org"))
    on_https = Device(service.url, origin="https://learn.example.org")
    on_http = Device(service.url, origin="http://learn.example.org")
    assert "Secure" in on_https.create_account().headers["set-cookie"]
    assert "Secure" not in on_http.create_account().headers["set-cookie"], "browsers drop a Secure cookie on http"
    for device in (on_https, on_http):
        device.close()


def test_state_changes_need_the_session_s_csrf_token(devices):
    device = devices()
    device.create_account()
    for token in (None, "forged"):
        headers = {"X-CSRF-Token": token} if token else {}
        refused = device.http.post(
            "/api/progress",
            json={"schema": 2, "lessons": {"8.6": lesson_progress(sections={"Watch": 1})}},
            headers=headers,
        )
        assert refused.status_code == 403 and "security token" in refused.json()["error"]
        assert device.http.post("/api/sign-out", json={}, headers=headers).status_code == 403
    assert device.progress().json()["lessons"] == {}, "nothing was stored"


def test_forged_and_expired_sessions_are_signed_out(start_service, devices):
    device = devices()
    device.create_account()
    device.http.cookies.set("gradlab_session", "forged-token", domain="127.0.0.1", path="/api")
    forged = device.sync(lesson_progress())
    assert forged.status_code == 401 and "signed out" in forged.json()["error"]
    assert device.http.get("/api/session").json() == {"signedIn": False}

    short_lived = start_service(session_days=0)
    other = Device(short_lived.url)
    other.create_account()
    assert other.progress().status_code == 401
    other.close()


def test_no_account_reads_or_writes_another_s_progress(devices, service):
    ada, bob = devices(2)
    ada.create_account("Ada")
    bob.create_account("Bob")
    ada.sync(lesson_progress(sections={"Watch": 1})).raise_for_status()
    ada_id = service.app.state.store.session(token_hash(ada.http.cookies["gradlab_session"])).account_id
    refused = bob.post(
        "progress", {"schema": 2, "lessons": {"8.6": lesson_progress(sections={"Bob was here": 2})}, "account": ada_id}
    )
    assert refused.status_code == 400 and "account" in refused.json()["error"]
    assert ada_id not in refused.text
    assert bob.progress().json()["lessons"] == {}
    bob.sync(lesson_progress(sections={"Build": 2})).raise_for_status()
    assert ada.progress().json()["lessons"]["8.6"]["sections"] == {"Watch": 1}


@pytest.mark.parametrize(
    "body, status, words",
    [
        (b"{not json", 400, "not valid JSON"),
        (b"[1, 2]", 400, "JSON object"),
        (b'{"schema": 1, "lessons": {}}', 400, "format 1"),
        (
            b'{"schema": 2, "lessons": {"8.6": {"schema": 2, "lesson": "8.6", "startedOver": Infinity}}}',
            400,
            "not finite",
        ),
        (b'{"schema": 2, "lessons": {"8.6": {"schema": 2, "lesson": "8.6", "startedOver": 1e400}}}', 400, "not finite"),
        (b'{"schema": 2, "lessons": {"8.6": {"schema": 2, "lesson": "8.6", "startedOver": NaN}}}', 400, "not finite"),
        (
            b'{"schema": 2, "lessons": {"8.6": {"schema": 2, "lesson": "8.6", "exercises": {"a": {"edited": -Infinity}}}}}',
            400,
            "not finite",
        ),
        (b'{"schema": 2, "lessons": {"8.6": ' + b"[" * 10_000 + b"]" * 10_000 + b"}}", 400, "deep"),
        (b'{"schema": 2, "lessons": {"8.6": ' + b'{"a":' * 100 + b"1" + b"}" * 100 + b"}}", 400, "deep"),
        (b'{"schema": 2, "lessons": {}, "since": -1}', 400, "since"),
    ],
)
def test_bad_progress_gets_a_clear_4xx_and_nothing_is_stored(devices, body, status, words):
    device = devices()
    device.create_account()
    answer = device.http.post(
        "/api/progress", content=body, headers={"Content-Type": "application/json", "X-CSRF-Token": device.csrf}
    )
    assert answer.status_code == status and words in answer.json()["error"]
    assert device.progress().json()["lessons"] == {}


def test_too_large_a_request_or_lesson_is_refused_with_its_limit(devices):
    device = devices()
    device.create_account()
    huge = device.http.post(
        "/api/progress",
        content=b"x" * (10 * 1024 * 1024),
        headers={"Content-Type": "application/json", "X-CSRF-Token": device.csrf},
    )
    assert huge.status_code == 413 and "1024 KB" in huge.json()["error"]
    assert device.http.post("/api/progress", content=b"{}", headers={"X-CSRF-Token": device.csrf}).status_code == 415


def test_sign_in_attempts_are_rate_limited(start_service):
    service = start_service(sign_in_attempts_per_minute=3)
    device = Device(service.url)
    for _ in range(3):
        assert device.post("sign-in/begin").status_code == 200
    limited = device.post("sign-in/begin")
    assert limited.status_code == 429 and int(limited.headers["retry-after"]) > 0
    assert "Too many" in limited.json()["error"]
    device.close()


class Collected(logging.Handler):
    def __init__(self):
        super().__init__(logging.DEBUG)
        self.lines = []

    def emit(self, record):
        if not record.name.startswith(("httpx", "httpcore")):  # the tests' own client, not the service
            self.lines.append(self.format(record))


def test_the_logs_hold_no_progress_credential_or_cookie(start_service):
    service = start_service(log_level="debug")
    collected = Collected()
    # uvicorn's loggers do not pass records up to the root: listen to each.
    loggers = [logging.getLogger(name) for name in ("", "uvicorn", "uvicorn.access", "uvicorn.error", "sync")]
    for logger in loggers:
        logger.addHandler(collected)
    levels = [logger.level for logger in loggers]
    logging.getLogger().setLevel(logging.DEBUG)
    try:
        laptop, phone = Device(service.url), Device(service.url)
        laptop.create_account("Ada")
        phone.add_with_code(code := laptop.device_code())
        laptop.sync(
            lesson_progress(exercises={"stack": {"code": "secret_learner_code = 42", "edited": 5, "basedOn": 0}})
        ).raise_for_status()
        secrets = [
            laptop.csrf,
            phone.csrf,
            laptop.http.cookies["gradlab_session"],
            phone.http.cookies["gradlab_session"],
            code,
            code.replace("-", ""),
            "secret_learner_code",
        ]
        secrets += [to_base64url(key) for device in (laptop, phone) for key in device.authenticator.credentials]
        laptop.post("sign-out")
    finally:
        for logger, level in zip(loggers, levels):
            logger.removeHandler(collected)
            logger.setLevel(level)
    logged = "\n".join(collected.lines)
    assert "account created" in logged and "POST /api/progress" in logged, "the log was captured"
    for secret in secrets:
        assert secret not in logged
    laptop.close()
    phone.close()


def test_a_stopped_service_changes_nothing_on_the_next_one(tmp_path, start_service):
    database = f"sqlite:///{tmp_path / 'kept.sqlite3'}"
    first = start_service(database_url=database)
    device = Device(first.url)
    device.create_account()
    device.sync(lesson_progress(sections={"Watch": 1})).raise_for_status()
    first.stop()
    with pytest.raises(httpx.TransportError):
        device.progress()
    second = start_service(database_url=database)
    device.http.base_url = second.url
    assert device.progress().json()["lessons"]["8.6"]["sections"] == {"Watch": 1}
    device.close()
