"""Headless Chromium against the built site served on 127.0.0.1, and a guard on every request.

The guard watches every browser context a test makes (through `new_context`, which `page` uses
too) from two places: the context's own network events, which Chromium also reports for the
pages' workers and the service worker; and a proxy that Chromium must send everything not bound
for loopback to, which fails the test for any request it receives, whoever in the browser made it."""

import http.server
import os
import re
import threading
from urllib.parse import urlsplit

import anyio
import pytest
from playwright.sync_api import sync_playwright

from gradlab.server import SiteFiles, serve_in_background
from tests.browser.find_chromium import find_chromium
from tests.browser.tabs import open_tabs

# Chromium ignores a switch it does not know; this one finds our browser among the processes.
BROWSER_MARKER = f"--gradlab-test-run={os.getpid()}"
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
WEB_SCHEMES = ("http", "https", "ws", "wss")
# What a lesson page fetches to boot Python: held back by `python_held_back`.
RUNTIME_FILES = re.compile(r"/pyodide-[\d.]+/|\.whl$")
HOLD_AT_MOST_S = 120  # a test that forgets to let Python through still ends
# Chromium's own services (sign-in, autofill, updates) call Google whatever page is open: the proxy
# lets those hosts pass unremarked, as the browser's and not the site's. A page's or a worker's
# request to them is still caught by the context's events.
BROWSERS_OWN_HOSTS = re.compile(r"(^|\.)(google\.com|googleapis\.com|gstatic\.com|gvt1\.com)(:\d+)?$")


@pytest.fixture(scope="session")
def site_url(built_site):
    server = serve_in_background(built_site)
    host, port = server.server_address[:2]
    yield f"http://{host}:{port}/"
    server.shutdown()


@pytest.fixture(scope="session")
def plain_host_url(built_site):
    """The same site from a host that sends no cross-origin isolation headers, like GitHub Pages."""
    server = serve_in_background(built_site, isolate=False)
    host, port = server.server_address[:2]
    yield f"http://{host}:{port}/"
    server.shutdown()


class RefusingProxyHandler(http.server.BaseHTTPRequestHandler):
    """Notes each request the browser sends it (any method, CONNECT for https and wss) and refuses it."""

    def refuse(self):
        if not BROWSERS_OWN_HOSTS.search(urlsplit(self.path).netloc or self.path):
            self.server.requests.append(f"{self.command} {self.path}")
        self.close_connection = True
        try:
            self.send_error(403, "gradlab's tests: nothing may leave the site's origin")
        except ConnectionError:
            pass  # the browser hung up first; the request is noted all the same

    do_GET = do_POST = do_HEAD = do_PUT = do_DELETE = do_OPTIONS = do_PATCH = do_CONNECT = refuse

    def log_message(self, format, *args):
        pass


@pytest.fixture(scope="session")
def off_origin_proxy():
    """The proxy every test browser sends off-loopback requests to; its .requests lists what it refused."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), RefusingProxyHandler)
    server.requests = []
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server
    server.shutdown()


@pytest.fixture(scope="session")
def launch_options(off_origin_proxy):
    """How the tests start Chromium: headless, and with every request beyond loopback sent to the proxy."""
    path = find_chromium()
    if not path:
        pytest.fail(
            "No Chromium found for the browser tests. Install Debian's (apt-get install -y chromium), "
            "set GRADLAB_CHROMIUM to a Chromium executable, or run `python -m playwright install chromium`."
        )
    host, port = off_origin_proxy.server_address[:2]
    # Chromium never proxies loopback, so the sites under test are reached directly.
    return {"executable_path": path, "args": [*CHROMIUM_FLAGS, BROWSER_MARKER, f"--proxy-server=http://{host}:{port}"]}


@pytest.fixture(scope="session")
def playwright():
    with sync_playwright() as running:
        yield running


@pytest.fixture(scope="session")
def browser(playwright, launch_options):
    browser = playwright.chromium.launch(**launch_options)
    yield browser
    browser.close()


class OffOriginGuard:
    """What one test's browser contexts asked of any origin but their own site's."""

    def __init__(self, proxy):
        self.proxy = proxy
        self.proxied_before = len(proxy.requests)
        self.foreign = []
        self.listeners = []

    def watch(self, context, site_url):
        """Note each request of context's pages, workers and service worker that leaves site_url's origin."""
        origin = urlsplit(site_url).netloc

        def note(request):
            parts = urlsplit(request.url)
            if parts.scheme in WEB_SCHEMES and parts.netloc != origin:
                who = "service worker" if request.service_worker else "page"
                self.foreign.append(f"{who}: {request.method} {request.url}")

        context.on("request", note)
        self.listeners.append((context, note))
        return context

    def stop(self):
        """Stops noting requests, in the contexts that outlive the test too (the `page` fixture's)."""
        for context, note in self.listeners:
            context.remove_listener("request", note)
        self.listeners.clear()

    def leaks(self):
        """Every request that left: seen by the contexts, or refused by the proxy since the test began."""
        return self.foreign + [f"proxy: {line}" for line in self.proxy.requests[self.proxied_before :]]


@pytest.fixture
def off_origin_guard(off_origin_proxy):
    """Fails the test if any context it made (see new_context) requested anything from another origin."""
    guard = OffOriginGuard(off_origin_proxy)
    yield guard
    guard.stop()
    assert not guard.leaks(), f"requests left the site's origin: {guard.leaks()}"


@pytest.fixture
def new_context(browser, off_origin_guard, site_url):
    """new_context(site=site_url, **options): a fresh, guarded context, closed after the test."""
    contexts = []

    def make(site=site_url, **options):
        context = off_origin_guard.watch(browser.new_context(**options), site)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed test of a page reports what the page knew of its interpreters and what it logged: a failure
    seen once in CI is then read from its report, not guessed at."""
    outcome = yield
    report = outcome.get_result()
    if not (report.failed and call.when == "call"):
        return
    # Firefox and WebKit (test_engines.py): their drivers keep the console's errors; the step that failed
    # says what the page showed (smoke.py).
    driver = next((item.funcargs[name] for name in ("engine", "engine_of_its_own") if name in item.funcargs), None)
    if driver is not None:
        report.sections.append(("the engine's console errors", "\n".join(driver.errors()[-30:]) or "(none)"))
    page = item.funcargs.get("page")
    if page is None or page.is_closed():
        return
    try:
        statuses = page.evaluate(
            "() => [...document.querySelectorAll('.python-status')].map((line) => ({text: line.textContent, ...line.dataset}))"
        )
    except Exception as error:  # noqa: BLE001 -- a page that cannot answer is itself the finding
        statuses = f"(the page did not answer: {error})"
    console = getattr(page, "console_messages", [])[-30:]
    report.sections.append(("the page's Python", f"statuses: {statuses}\nconsole:\n" + "\n".join(console)))


@pytest.fixture(scope="session")
def warm_context(browser):
    """The context `page` opens its pages in: test after test, its HTTP cache keeps the site's files, and
    with them the WebAssembly that Chromium compiled, as a learner's browser does on a second lesson."""
    context = browser.new_context()
    yield context
    context.close()


def clear_storage(page, origins):
    """Empties what origins keep in page's context: storage of every kind, service workers, the Cache API."""
    cdp = page.context.new_cdp_session(page)
    try:
        for origin in origins:
            cdp.send("Storage.clearDataForOrigin", {"origin": origin.rstrip("/"), "storageTypes": "all"})
    finally:
        cdp.detach()


@pytest.fixture
def page(warm_context, off_origin_guard, site_url, plain_host_url):
    """A page with empty storage (no service worker, nothing saved) in the warm context, guarded, with the
    console's messages kept. A test that changes its context (a clock, routes, offline) makes its own."""
    page = warm_context.new_page()
    clear_storage(page, (site_url, plain_host_url))
    off_origin_guard.watch(warm_context, site_url)
    page.console_messages = []
    page.on("console", lambda message: page.console_messages.append(message.text))
    yield page
    for open_page in warm_context.pages:
        forget_local_storage(open_page)
        open_page.close()


def forget_local_storage(page):
    """Empties page's localStorage from the page itself, before it closes. Once, in a full run, a tab copy of
    one test's code outlived the clear from outside (clear_storage, as the next test starts) and turned up in
    the next test's editor; the cause was not reproduced. Sent down the page's own channel to the store, this
    clear comes after every write the page made, whenever those reach the store."""
    try:
        page.evaluate("() => { try { localStorage.clear(); } catch { /* an opaque or storage-less page */ } }")
    except Exception:  # noqa: BLE001 - a page that crashed, or is still navigating, is closed all the same
        pass


class RuntimeHoldingFiles(SiteFiles):
    """The site, but the runtime's files wait until the test lets them through."""

    def __init__(self, directory, release):
        super().__init__(directory)
        self.release = release

    async def get_response(self, path, scope):
        if RUNTIME_FILES.search(scope["path"]):
            await anyio.to_thread.run_sync(self.release.wait, HOLD_AT_MOST_S, abandon_on_cancel=True)
        return await super().get_response(path, scope)


class HeldPython:
    """A server of the site whose Python cannot boot until let_python_load() is called."""

    def __init__(self, site_dir):
        self.released = threading.Event()
        self.server = serve_in_background(site_dir, files=RuntimeHoldingFiles(site_dir, self.released))
        self.url = self.server.url

    def let_python_load(self):
        self.released.set()

    def stop(self):
        self.released.set()
        self.server.shutdown()


@pytest.fixture
def python_held_back(built_site):
    """The site served with Python held back for real: its runtime files are not sent until released."""
    held = HeldPython(built_site)
    yield held
    held.stop()


@pytest.fixture
def held_page(new_context, python_held_back):
    """A page of the site whose Python is held back: (page, held), held.url is its site."""
    return new_context(python_held_back.url).new_page(), python_held_back


@pytest.fixture
def tabs(new_context, site_url):
    """open_tab(deaf=False) opens lesson 8.6 in one more tab of one shared context (tests/browser/tabs.py)."""
    yield from open_tabs(new_context, site_url)
