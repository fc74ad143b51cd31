"""Headless Chromium against the built site served on 127.0.0.1, and a guard on every request."""

import os
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import sync_playwright

from gradlab.server import serve_in_background
from tests.browser.find_chromium import find_chromium

# Chromium ignores a switch it does not know; this one finds our browser among the processes.
BROWSER_MARKER = f"--gradlab-test-run={os.getpid()}"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]


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


@pytest.fixture(scope="session")
def browser():
    path = find_chromium()
    if not path:
        pytest.fail("No Chromium found for the browser tests. Install Debian's (apt-get install -y chromium), "
                    "set GRADLAB_CHROMIUM to a Chromium executable, or run `python -m playwright install chromium`.")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, args=[*CHROMIUM_FLAGS, BROWSER_MARKER])
        yield browser
        browser.close()


@pytest.fixture
def page(browser, site_url):
    """A fresh page (empty storage) that fails the test if anything leaves the site's origin."""
    context = browser.new_context()
    page = context.new_page()
    origin = urlsplit(site_url).netloc
    foreign = []

    def note_request(request):
        parts = urlsplit(request.url)
        if parts.scheme in ("http", "https", "ws", "wss") and parts.netloc != origin:
            foreign.append(request.url)

    context.on("request", note_request)
    page.console_messages = []
    page.on("console", lambda message: page.console_messages.append(message.text))
    yield page
    context.close()
    assert not foreign, f"requests left the site's origin: {foreign}"
