"""Sign in with passkeys and sync progress across devices, where the site has a sync service; and,
where it has none, not a trace of it.

A device is a browser context of its own with a virtual authenticator (Chromium's WebAuthn domain).
The site and the service share one origin, http://localhost:PORT (passkeys need a secure context,
which on plain http only localhost is), the service mounted at /api in the site's server."""

import asyncio
import itertools
import re
import socket
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect
from starlette.applications import Starlette
from starlette.responses import JSONResponse
from starlette.routing import Mount

import build
from gradlab.server import site_app
from sync.app import create_app, lifespan_of
from sync.serve import BackgroundServer
from sync.settings import Settings
from tests.browser.axe import axe_violations
from tests.browser.lesson import LESSON, code_editor, open_lesson, saved_progress, set_code
from tests.browser.study import CARD, CARD_QUESTION, MODULE_TEST

STUDY_PAGES = ["index.html", "modules/8.html", "modules/8-test.html", "concepts/residual-connections.html"]
SYNC_TIMEOUT_MS = 15_000
SYNCED = re.compile("^Synced")
VIRTUAL_AUTHENTICATOR = {
    "protocol": "ctap2",
    "transport": "internal",
    "hasResidentKey": True,
    "hasUserVerification": True,
    "isUserVerified": True,
}


def test_a_site_without_a_sync_service_never_calls_one_nor_offers_to_sign_in(page, site_url):
    requested = []
    page.on("request", lambda request: requested.append(urlsplit(request.url).path))
    open_lesson(page, site_url)
    set_code(page, "print('kept in this browser only')\n")
    page.get_by_role("radio").first.check()
    expect(page.get_by_role("heading", name="Your progress")).to_be_visible()
    expect(page.get_by_role("button", name="Sign in")).to_have_count(0)
    for path in STUDY_PAGES:
        page.goto(site_url + path)
        expect(page.get_by_role("heading", level=1)).to_be_visible()
        expect(page.get_by_role("button", name="Sign in")).to_have_count(0)
    page.wait_for_timeout(1500)  # longer than a sync's debounce
    assert LESSON.split("/")[0] in " ".join(requested)  # the watch saw the pages' requests
    assert not [path for path in requested if path.startswith("/api") or "/sync." in path]


@pytest.fixture(scope="session")
def sync_site(tmp_path_factory):
    """The real site, built for a sync service on its own origin (python build.py --sync-url /api)."""
    out = tmp_path_factory.mktemp("sync-site")
    build.build_site(build.LESSONS_DIR, out, build.read_sync_url("/api"))
    return out


class SiteAndService:
    """The site on http://localhost:PORT with the sync service mounted at its /api; the service can be
    stopped and started again, on the same database, as a service that dies and comes back while the
    site stays up."""

    def __init__(self, site_dir, database_url, **settings):
        port = free_port()
        self.url = f"http://localhost:{port}/"
        self.settings = Settings(
            database_url=database_url,
            site_origins=(self.url.rstrip("/"),),
            code_secret="browser tests' secret",
            **settings,
        )
        self.service = StoppableService(self.settings)
        self.service.start()
        self.site = BackgroundServer(site_app(site_dir, service=self.service.mounted()), port=port)

    def start_service(self):
        self.service.start()

    def stop_service(self):
        self.service.stop()

    def close(self):
        self.site.shutdown()
        self.service.stop()


class StoppableService:
    """The real service (its app, its lifespan opening and closing its store), which the test stops and
    starts again; stopped, /api answers 502, as the proxy in front of a service that died does."""

    def __init__(self, settings):
        self.settings = settings
        self.running = None

    def mounted(self):
        """An app for site_app to mount: it passes each request to the service running at that moment."""
        app = Starlette(routes=[Mount("", app=self)])
        app.state.settings = self.settings
        return app

    def start(self):
        app = create_app(self.settings)
        self.lifespan = lifespan_of(app)
        on_a_loop_of_its_own(self.lifespan.__aenter__())
        self.running = app

    def stop(self):
        if self.running is not None:
            self.running = None
            on_a_loop_of_its_own(self.lifespan.__aexit__(None, None, None))

    async def __call__(self, scope, receive, send):
        if self.running is None:
            answer = JSONResponse(
                {"error": "The sync service is not answering; your progress is safe in this browser."}, status_code=502
            )
            return await answer(scope, receive, send)
        await self.running(scope, receive, send)


def on_a_loop_of_its_own(coroutine):
    """Run a coroutine to its end in a thread of its own: Playwright's sync API holds this thread's event loop."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result()


DATABASE_NUMBERS = itertools.count(1)
# The end-to-end tests run once on each database the service supports.
ON_BOTH_DATABASES = pytest.mark.parametrize("served", ["sqlite", "postgresql"], indirect=True)


def free_port():
    with socket.create_server(("127.0.0.1", 0)) as probe:
        return probe.getsockname()[1]


@pytest.fixture
def poll_seconds():
    """How often open pages ask the service what changed: its default, longer than any test waits,
    unless a test parametrizes its own."""
    return Settings.poll_seconds


@pytest.fixture
def served(request, sync_site, tmp_path, poll_seconds):
    """The site and its service, on SQLite, or on a fresh database of the throwaway PostgreSQL server
    for the tests marked ON_BOTH_DATABASES."""
    if getattr(request, "param", "sqlite") == "sqlite":
        database = f"sqlite:///{tmp_path / 'sync.sqlite3'}"
    else:
        database = request.getfixturevalue("postgres_server").create_database(f"browser_{next(DATABASE_NUMBERS)}")
    running = SiteAndService(sync_site, database, poll_seconds=poll_seconds)
    yield running
    running.close()


@pytest.fixture
def new_device(new_context, served):
    """new_device(**context options) → a page in a browser context of its own, with a passkey authenticator."""

    def make(**options):
        # Progress needs no Python: leaving it out spares the machine's cores.
        context = new_context(served.url, service_workers="block", **options)
        context.route("**/python-worker.*.js", lambda route: route.abort())
        page = context.new_page()
        page.authenticator = Authenticator(context.new_cdp_session(page))
        return page

    return make


class Authenticator:
    """A device's virtual passkey authenticator, through Chromium's WebAuthn domain."""

    def __init__(self, cdp):
        self.cdp = cdp
        cdp.send("WebAuthn.enable")
        self.id = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": VIRTUAL_AUTHENTICATOR})["authenticatorId"]

    def copy_passkeys_to(self, other):
        """What a platform's passkey sync does: this device's passkeys appear on the other."""
        for credential in self.cdp.send("WebAuthn.getCredentials", {"authenticatorId": self.id})["credentials"]:
            other.cdp.send("WebAuthn.addCredential", {"authenticatorId": other.id, "credential": credential})


def sync_status(page):
    return page.get_by_role("status", name="Sync")


def click(page, name):
    page.get_by_role("button", name=name, exact=True).click()


def create_account(page, site, name="Ada"):
    open_lesson(page, site)
    click(page, "Sign in")
    page.get_by_label("Your name").fill(name)
    click(page, "Create an account")
    expect(sync_status(page)).to_have_text(SYNCED, timeout=SYNC_TIMEOUT_MS)
    expect(page.get_by_text(f"Signed in as {name}")).to_be_visible()


def add_device(signed_in, page, site):
    """Add page's device to signed_in's account with the code signed_in shows."""
    click(signed_in, "Add a device")
    code = signed_in.locator(".sync-code").inner_text()
    open_lesson(page, site)
    click(page, "Sign in")
    page.get_by_label("Code from your other device").fill(code)
    click(page, "Add this device with a code")
    expect(sync_status(page)).to_have_text(SYNCED, timeout=SYNC_TIMEOUT_MS)


def two_devices(new_device, served):
    """Devices A and B signed in to one account, on lesson 8.6."""
    a, b = new_device(), new_device()
    create_account(a, served.url)
    add_device(a, b, served.url)
    return a, b


def passkey_ids(page):
    return {
        key["credentialId"]
        for key in page.authenticator.cdp.send("WebAuthn.getCredentials", {"authenticatorId": page.authenticator.id})[
            "credentials"
        ]
    }


@ON_BOTH_DATABASES
def test_a_lost_device_s_passkey_is_removed_from_the_account_and_never_signs_in_again(new_device, served):
    a, b = two_devices(new_device, served)
    a.get_by_text("Your passkeys").click()
    passkeys = a.locator(".sync-passkey-list li")
    expect(passkeys).to_have_count(2)
    expect(passkeys.first).to_contain_text("Chrome on Linux (1) (this device): added ")
    expect(passkeys.nth(1)).to_contain_text("last used ")
    a.get_by_role("button", name="Remove passkey Chrome on Linux (2)", exact=True).click()
    a.get_by_role("button", name="Cancel, keep passkey Chrome on Linux (2)", exact=True).click()  # changed my mind
    expect(a.get_by_role("button", name="Remove passkey Chrome on Linux (2)", exact=True)).to_be_focused()
    a.get_by_role("button", name="Remove passkey Chrome on Linux (2)", exact=True).click()
    a.get_by_role("button", name="Yes, remove passkey Chrome on Linux (2)", exact=True).click()
    expect(a.locator(".sync-message")).to_have_text(
        "Removed the passkey of Chrome on Linux (2): it can no longer sign in."
    )
    expect(passkeys).to_have_count(1)
    expect(a.get_by_role("button", name=re.compile("^Remove passkey"))).to_have_count(0)
    expect(a.locator(".sync-passkeys-note")).to_have_text(
        "This is your only passkey, so it cannot be removed: nothing else would sign you in. "
        "To stop using it, delete your account."
    )
    b.reload()
    expect(b.get_by_text("You were signed out")).to_be_visible(timeout=SYNC_TIMEOUT_MS)
    click(b, "Sign in")
    click(b, "Sign in with a passkey")
    expect(b.locator(".sync-dialog-message")).to_contain_text("This passkey is not registered here")
    # WebAuthn's signalUnknownCredential told B's passkey provider, which forgot the passkey.
    for _ in range(50):
        if not passkey_ids(b):
            break
        b.wait_for_timeout(100)
    assert not passkey_ids(b)


def syncing(page, text):
    """Wait (as a context manager) for the service to answer a sync whose request carries text."""
    return page.expect_response(
        lambda response: (
            response.url.endswith("/api/progress") and response.ok and text in (response.request.post_data or "")
        ),
        timeout=SYNC_TIMEOUT_MS,
    )


def type_and_sync(page, code):
    with syncing(page, code.strip()):
        set_code(page, code)


@ON_BOTH_DATABASES
def test_work_done_on_one_device_shows_on_the_other(new_device, served):
    a, b = new_device(), new_device()
    create_account(a, served.url)
    type_and_sync(a, "print('written on device A')\n")
    with syncing(a, "quizzes"):
        a.get_by_role("radio", name="A correction").check()
    add_device(a, b, served.url)
    expect(code_editor(b)).to_have_text("print('written on device A')")  # taken in without a reload
    b.reload()
    expect(code_editor(b)).to_have_text("print('written on device A')")
    expect(b.get_by_role("radio", name="A correction")).to_be_checked()
    expect(b.get_by_text("Signed in as Ada")).to_be_visible()


@ON_BOTH_DATABASES
def test_an_edit_made_offline_syncs_when_the_network_is_back(new_device, served):
    a, b = two_devices(new_device, served)
    a.context.set_offline(True)
    expect(sync_status(a)).to_have_text(re.compile("^Offline: will sync when the network is back"))
    set_code(a, "print('written offline')\n")
    a.wait_for_timeout(1500)  # a sync's debounce: it finds the network off
    expect(sync_status(a)).to_have_text(re.compile("^Offline"))
    with syncing(a, "print('written offline')"):
        a.context.set_offline(False)
    expect(sync_status(a)).to_have_text(SYNCED)
    b.reload()
    expect(code_editor(b)).to_have_text("print('written offline')")


@ON_BOTH_DATABASES
def test_crossed_code_edits_keep_both_versions_and_offer_them(new_device, served):
    a, b = two_devices(new_device, served)
    b.context.set_offline(True)
    set_code(b, "print('B, earlier')\n")
    type_and_sync(a, "print('A, later')\n")
    with syncing(b, "print('B, earlier')"):
        b.context.set_offline(False)
    # B shows its own code and offers A's, which is newer; A shows its own and offers B's.
    expect(b.get_by_text("Your other device has newer code for this exercise: use it, or keep mine")).to_be_visible()
    expect(code_editor(b)).to_have_text("print('B, earlier')")
    a.reload()
    expect(code_editor(a)).to_have_text("print('A, later')")
    expect(a.get_by_text("Your other device has older code for this exercise: use it, or keep mine")).to_be_visible()
    exercise = saved_progress(a)["exercises"]["residual_stack"]
    assert [exercise["code"], *[draft["code"] for draft in exercise["drafts"]]] == [
        "print('A, later')\n",
        "print('B, earlier')\n",
    ]
    with syncing(a, "draftsSettled"):
        click(a, "Use it")
    expect(code_editor(a)).to_have_text("print('B, earlier')")
    b.reload()
    expect(code_editor(b)).to_have_text("print('B, earlier')")
    expect(b.get_by_text("code for this exercise")).to_be_hidden()  # settled on A: nothing left to choose


@ON_BOTH_DATABASES
def test_a_service_stopped_in_the_middle_of_a_sync_loses_nothing(new_device, served):
    a, b = two_devices(new_device, served)

    def stop_then_pass_on(route):
        served.stop_service()  # the request is on its way; no service will answer it
        route.continue_()

    a.route("**/api/progress", stop_then_pass_on)
    set_code(a, "print('while the service died')\n")
    expect(sync_status(a)).to_have_text(re.compile("^Sync failed: .+"), timeout=SYNC_TIMEOUT_MS)
    a.unroute("**/api/progress")
    a.reload()  # the work is in this browser, the sync's failure notwithstanding
    expect(code_editor(a)).to_have_text("print('while the service died')")
    expect(sync_status(a)).to_have_text(re.compile("^Sync failed"), timeout=SYNC_TIMEOUT_MS)
    served.start_service()
    with syncing(a, "print('while the service died')"):
        click(a, "Retry")
    expect(sync_status(a)).to_have_text(SYNCED)
    b.reload()
    expect(code_editor(b)).to_have_text("print('while the service died')")


def test_a_failure_of_the_service_is_told_in_a_sentence_and_loses_nothing(new_device, served):
    a = new_device()
    create_account(a, served.url)
    # A real failure of the server: its database loses a table under it, as a bad migration would.
    with sqlite3.connect(served.settings.database_url.removeprefix("sqlite:///")) as db:
        db.execute("DROP TABLE progress")
    set_code(a, "print('while the database was broken')\n")
    expect(sync_status(a)).to_have_text(
        re.compile(
            r"^Sync failed: The sync service failed to answer: an error on the server, which its log records\. Your "
            r"progress is safe in this browser; sync again in a while\. Last synced"
        ),
        timeout=SYNC_TIMEOUT_MS,
    )
    a.reload()
    expect(code_editor(a)).to_have_text("print('while the database was broken')")
    # Something between the page and the service (a proxy, say) that answers with a page, not JSON.
    a.route(
        "**/api/progress",
        lambda route: route.fulfill(status=502, body="<h1>Bad Gateway</h1>", headers={"Content-Type": "text/html"}),
    )
    set_code(a, "print('behind a broken proxy')\n")
    expect(sync_status(a)).to_have_text(
        re.compile(
            r"^Sync failed: the sync service could not answer \(HTTP 502\); your progress is safe in this browser, "
            r"sync again in a while\."
        ),
        timeout=SYNC_TIMEOUT_MS,
    )


@ON_BOTH_DATABASES
def test_another_device_signs_in_with_a_passkey_its_platform_synced(new_device, served):
    a, b = new_device(), new_device()
    create_account(a, served.url)
    type_and_sync(a, "print('from the laptop')\n")
    a.authenticator.copy_passkeys_to(b.authenticator)
    open_lesson(b, served.url)
    click(b, "Sign in")
    click(b, "Sign in with a passkey")
    expect(sync_status(b)).to_have_text(SYNCED, timeout=SYNC_TIMEOUT_MS)
    expect(b.get_by_text("Signed in as Ada")).to_be_visible()
    expect(code_editor(b)).to_have_text("print('from the laptop')")


def test_a_copy_of_a_passkey_that_jumped_its_counter_ahead_is_named_and_locks_no_one_out(new_device, served):
    a, b = new_device(), new_device()
    create_account(a, served.url)
    (credential,) = a.authenticator.cdp.send("WebAuthn.getCredentials", {"authenticatorId": a.authenticator.id})[
        "credentials"
    ]
    b.authenticator.cdp.send(
        "WebAuthn.addCredential",
        {"authenticatorId": b.authenticator.id, "credential": {**credential, "signCount": 1000}},
    )
    open_lesson(b, served.url)
    click(b, "Sign in")
    click(b, "Sign in with a passkey")
    expect(sync_status(b)).to_have_text(SYNCED, timeout=SYNC_TIMEOUT_MS)
    click(a, "Sign out")
    click(a, "Sign in")
    click(a, "Sign in with a passkey")  # its counter is now behind the copy's
    expect(sync_status(a)).to_have_text(SYNCED, timeout=SYNC_TIMEOUT_MS)
    a.get_by_text("Your passkeys").click()
    expect(a.locator(".sync-passkey-list li")).to_contain_text("A copy of this passkey exists")


def test_sign_out_sign_in_with_a_passkey_and_delete_the_account(new_device, served):
    a, b = two_devices(new_device, served)
    type_and_sync(a, "print('mine to keep')\n")
    click(a, "Sign out")
    expect(a.get_by_role("button", name="Sign in", exact=True)).to_be_focused()
    click(a, "Sign in")
    click(a, "Sign in with a passkey")
    expect(sync_status(a)).to_have_text(SYNCED, timeout=SYNC_TIMEOUT_MS)
    click(b, "Sign out everywhere")
    expect(b.get_by_text("Signed out on every device")).to_be_visible()
    set_code(a, "print('mine to keep, still')\n")  # its sync finds the session gone
    expect(a.get_by_text("You were signed out")).to_be_visible(timeout=SYNC_TIMEOUT_MS)
    click(a, "Sign in")
    click(a, "Sign in with a passkey")
    expect(sync_status(a)).to_have_text(SYNCED, timeout=SYNC_TIMEOUT_MS)
    click(a, "Delete account")
    click(a, "Yes, delete my account")
    expect(a.get_by_text("Your account and the progress kept with it on the server are deleted")).to_be_visible()
    a.reload()
    expect(code_editor(a)).to_have_text("print('mine to keep, still')")
    click(a, "Sign in")
    click(a, "Sign in with a passkey")  # the passkey's account is gone
    expect(a.get_by_text("Sign-in did not finish")).to_be_visible(timeout=SYNC_TIMEOUT_MS)


def test_a_browser_without_passkeys_is_told_so(new_context, served):
    context = new_context(served.url, service_workers="block")
    context.add_init_script("delete window.PublicKeyCredential")
    page = context.new_page()
    open_lesson(page, served.url)
    click(page, "Sign in")
    expect(page.get_by_text("This browser does not support passkeys")).to_be_visible()
    expect(page.get_by_role("button", name="Create an account")).to_be_disabled()


def test_a_page_opened_at_an_ip_address_says_where_passkeys_work(new_context, served):
    at_ip = served.url.replace("localhost", "127.0.0.1")
    page = new_context(at_ip, service_workers="block").new_page()
    open_lesson(page, at_ip)
    click(page, "Sign in")
    expect(page.get_by_text(f"to sign in, open {served.url}{LESSON} instead")).to_be_visible()


def test_the_signed_in_view_and_the_dialog_pass_axe(new_device, served):
    page = new_device()
    open_lesson(page, served.url)
    click(page, "Sign in")
    assert not axe_violations(page)
    page.get_by_label("Your name").fill("Ada")
    click(page, "Create an account")
    expect(sync_status(page)).to_have_text(SYNCED, timeout=SYNC_TIMEOUT_MS)
    click(page, "Add a device")
    click(page, "Delete account")
    page.get_by_text("Your passkeys").click()
    expect(page.locator(".sync-passkeys-note")).to_contain_text("This is your only passkey")
    assert not axe_violations(page)


def test_study_pages_sync_too_and_the_service_worker_leaves_the_api_alone(new_context, new_device, served):
    a = new_device()
    create_account(a, served.url)
    with syncing(a, "quizzes"):
        a.get_by_role("radio", name="A correction").check()
    # A device with the site's service worker, on a page without Python: sign-in and sync work there too.
    context = new_context(served.url)
    b = context.new_page()
    authenticator = context.new_cdp_session(b)
    authenticator.send("WebAuthn.enable")
    authenticator.send("WebAuthn.addVirtualAuthenticator", {"options": VIRTUAL_AUTHENTICATOR})
    from_worker = []
    b.on("response", lambda response: "/api/" in response.url and from_worker.append(response.from_service_worker))
    b.goto(served.url + "modules/8.html")
    lesson_state = b.locator("""[data-progress*='"lesson": "8.6"']""")
    expect(lesson_state).to_have_text("(not started)")
    b.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=SYNC_TIMEOUT_MS)
    click(a, "Add a device")
    code = a.locator(".sync-code").inner_text()
    click(b, "Sign in")
    b.get_by_label("Code from your other device").fill(code)
    click(b, "Add this device with a code")
    expect(sync_status(b)).to_have_text(SYNCED, timeout=SYNC_TIMEOUT_MS)
    expect(lesson_state).to_have_text("(started)")
    b.reload()  # its GET /api/session now passes the service worker, which must leave it to the network
    expect(sync_status(b)).to_have_text(SYNCED, timeout=SYNC_TIMEOUT_MS)
    assert len(from_worker) > 3 and not any(from_worker)


# Date.now and new Date() read a clock this many milliseconds ahead: the device's clock says 2100.
CLOCK_IN_2100 = """
(() => {
  const ahead = Date.UTC(2100, 0, 1) - Date.now();
  const RealDate = Date;
  globalThis.Date = class extends RealDate {
    constructor(...args) { if (args.length) super(...args); else super(RealDate.now() + ahead); }
    static now() { return RealDate.now() + ahead; }
  };
})();
"""


def test_code_written_on_a_device_whose_clock_says_2100_does_not_outrank_later_edits(new_device, served):
    a, b = new_device(), new_device()
    a.add_init_script(CLOCK_IN_2100)
    open_lesson(a, served.url)
    set_code(a, "print('written in 2100')\n")  # before sign-in: the 2100 time reaches the service
    create_account(a, served.url)
    add_device(a, b, served.url)
    expect(code_editor(b)).to_have_text("print('written in 2100')")
    type_and_sync(b, "print('written after it, on an honest clock')\n")
    a.reload()
    expect(code_editor(a)).to_have_text("print('written after it, on an honest clock')")
    expect(a.get_by_text("code for this exercise")).to_be_hidden()  # built on the 2100 code: nothing to choose
    type_and_sync(a, "print('and after that, on the 2100 device')\n")
    b.reload()
    expect(code_editor(b)).to_have_text("print('and after that, on the 2100 device')")
    expect(b.get_by_text("code for this exercise")).to_be_hidden()


def test_a_lesson_the_service_refuses_stays_here_is_named_and_the_others_sync(new_device, served):
    a, b = two_devices(new_device, served)
    too_large = {
        "schema": 2,
        "lesson": "7.2",
        "startedOver": 0,
        "quizzes": {},
        "quizTimes": {},
        "sections": {},
        "exercises": {"attention": {"code": "#" * 300_000, "starter": "s", "edited": 5, "basedOn": 0}},
    }
    a.evaluate("doc => localStorage.setItem('gradlab:progress:7.2', JSON.stringify(doc))", too_large)
    type_and_sync(a, "print('synced beside a refused lesson')\n")
    expect(sync_status(a)).to_contain_text("lesson '7.2' is larger than 256 KB", timeout=SYNC_TIMEOUT_MS)
    expect(sync_status(a)).to_contain_text("It stays saved in this browser; everything else synced.")
    assert len(a.evaluate("localStorage.getItem('gradlab:progress:7.2')")) > 300_000
    b.reload()
    expect(code_editor(b)).to_have_text("print('synced beside a refused lesson')")
    assert b.evaluate("localStorage.getItem('gradlab:progress:7.2')") is None


def test_a_hint_shown_on_one_device_shows_on_the_other_without_a_reload(new_device, served):
    a, b = two_devices(new_device, served)
    expect(b.locator(".hint").first).to_be_hidden()
    with syncing(a, "hints"):
        click(a, "Show hint")
    b.evaluate("dispatchEvent(new Event('online'))")  # B syncs (as when the network comes back): no reload
    expect(b.locator(".hint").first).to_be_visible(timeout=SYNC_TIMEOUT_MS)
    expect(b.locator(".hint").nth(1)).to_be_hidden()


def test_a_concept_card_answer_made_on_one_device_shows_on_the_other_without_a_reload(new_device, served):
    a, b = two_devices(new_device, served)
    a.goto(served.url + CARD)
    b.goto(served.url + CARD)
    expect(sync_status(b)).to_have_text(SYNCED, timeout=SYNC_TIMEOUT_MS)
    answer = "A correction to add to its input"
    expect(b.get_by_role("radiogroup", name=CARD_QUESTION).get_by_role("radio", name=answer)).not_to_be_checked()
    with syncing(a, "concept:"):
        a.get_by_role("radiogroup", name=CARD_QUESTION).get_by_role("radio", name=answer).check()
    b.evaluate("dispatchEvent(new Event('online'))")  # B syncs (as when the network comes back): no reload
    expect(b.get_by_role("radiogroup", name=CARD_QUESTION).get_by_role("radio", name=answer)).to_be_checked(
        timeout=SYNC_TIMEOUT_MS
    )


def test_module_test_attempts_on_two_devices_add_up_and_show_on_both(new_device, served):
    a, b = two_devices(new_device, served)
    a.goto(served.url + MODULE_TEST)
    b.goto(served.url + MODULE_TEST)
    expect(sync_status(b)).to_have_text(SYNCED, timeout=SYNC_TIMEOUT_MS)
    with syncing(a, "module-test:"):
        a.get_by_role("button", name="Submit answers").click()
    with syncing(b, "module-test:"):
        b.get_by_role("button", name="Submit answers").click()
    a.evaluate("dispatchEvent(new Event('online'))")
    expect(a.get_by_text(re.compile(r"Best so far: 0 of \d+, after 2 attempts\."))).to_be_visible(
        timeout=SYNC_TIMEOUT_MS
    )


# A poll period short enough for a test to wait for, and much shorter than expect's 5 s: what B
# shows below it shows with no reload and no event, only because its page polled.
LIVE = pytest.mark.parametrize("poll_seconds", [0.5])


@ON_BOTH_DATABASES
@LIVE
def test_an_open_page_shows_another_device_s_work_with_nothing_done_there(new_device, served):
    a, b = two_devices(new_device, served)
    type_and_sync(a, "print('typed on A, shown on B')\n")
    expect(code_editor(b)).to_have_text("print('typed on A, shown on B')")
    expect(b.get_by_text("code for this exercise")).to_be_hidden()  # B had nothing of its own: no choice
    with syncing(a, "quizzes"):
        a.get_by_role("radio", name="A correction").check()
    expect(b.get_by_role("radio", name="A correction")).to_be_checked()
    with syncing(a, "hints"):
        click(a, "Show hint")
    expect(b.locator(".hint").first).to_be_visible()
    with syncing(a, '"sections":{"'):  # a reading section's end on screen: the section is done
        a.locator("[data-section-end]").first.scroll_into_view_if_needed()
    expect(a.locator(".section-list")).to_contain_text(": done")
    expect(b.locator(".section-list li")).to_have_text(a.locator(".section-list li").all_inner_texts())
    assert b.evaluate("document.visibilityState") == "visible"


@LIVE
def test_an_open_page_with_its_own_unsynced_edit_keeps_it_and_offers_the_other_device_s(new_device, served):
    a, b = two_devices(new_device, served)
    b.route("**/api/progress*", lambda route: route.abort())  # B's edit stays unsynced, for now
    set_code(b, "print('B, not yet synced')\n")
    expect(sync_status(b)).to_have_text(re.compile("^Sync failed"))
    type_and_sync(a, "print('A, synced')\n")
    b.unroute("**/api/progress*")
    expect(b.get_by_text("Your other device has newer code for this exercise: use it, or keep mine")).to_be_visible(
        timeout=SYNC_TIMEOUT_MS  # B polls again after a failure, a longer period later
    )
    expect(code_editor(b)).to_have_text("print('B, not yet synced')")
    expect(sync_status(b)).to_have_text(SYNCED)
    exercise = saved_progress(b)["exercises"]["residual_stack"]
    assert {exercise["code"], *[draft["code"] for draft in exercise["drafts"]]} == {
        "print('A, synced')\n",
        "print('B, not yet synced')\n",
    }


@LIVE
def test_a_study_page_shows_another_device_s_card_answer_with_nothing_done_there(new_device, served):
    a, b = two_devices(new_device, served)
    a.goto(served.url + CARD)
    b.goto(served.url + CARD)
    expect(sync_status(b)).to_have_text(SYNCED, timeout=SYNC_TIMEOUT_MS)
    answer = b.get_by_role("radiogroup", name=CARD_QUESTION).get_by_role(
        "radio", name="A correction to add to its input"
    )
    expect(answer).not_to_be_checked()
    with syncing(a, "concept:"):
        a.get_by_role("radiogroup", name=CARD_QUESTION).get_by_role(
            "radio", name="A correction to add to its input"
        ).check()
    expect(answer).to_be_checked()


@LIVE
def test_a_hidden_page_does_not_poll_and_asks_when_it_is_shown_again(new_device, served):
    a, b = two_devices(new_device, served)
    b.evaluate("""() => {
        Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
        document.dispatchEvent(new Event("visibilitychange"));
    }""")
    asked = []
    b.on("request", lambda request: "/api/" in request.url and asked.append(request.url))
    type_and_sync(a, "print('while B was hidden')\n")
    b.wait_for_timeout(1500)  # three poll periods: a visible page would have asked three times
    assert asked == []
    expect(code_editor(b)).not_to_have_text("print('while B was hidden')")
    with b.expect_response(lambda response: "/api/progress" in response.url):
        b.evaluate("""() => {
            delete document.visibilityState;
            document.dispatchEvent(new Event("visibilitychange"));
        }""")
    expect(code_editor(b)).to_have_text("print('while B was hidden')")


@LIVE
def test_a_lesson_the_service_refused_is_not_sent_again_by_each_poll(new_device, served):
    a = new_device()
    create_account(a, served.url)
    too_large = {
        "schema": 2,
        "lesson": "7.2",
        "startedOver": 0,
        "quizzes": {},
        "quizTimes": {},
        "sections": {},
        "exercises": {"attention": {"code": "#" * 300_000, "starter": "s", "edited": 5, "basedOn": 0}},
    }
    sent_it = []
    a.on(
        "request",
        lambda request: "/api/progress" in request.url and '"7.2":{' in (request.post_data or "") and sent_it.append(1),
    )
    a.evaluate("doc => localStorage.setItem('gradlab:progress:7.2', JSON.stringify(doc))", too_large)
    type_and_sync(a, "print('synced beside a refused lesson')\n")
    expect(sync_status(a)).to_contain_text("lesson '7.2' is larger than 256 KB")
    for _ in range(3):  # three polls: reads, which leave the refusal named
        with a.expect_request(lambda request: request.method == "GET" and "/api/progress?since=" in request.url):
            pass
    expect(sync_status(a)).to_contain_text("It stays saved in this browser; everything else synced.")
    assert sent_it == [1]
