"""The off-origin guard can fail: it sees a request leave from a page and from a service worker."""

import pytest

from gradlab.server import serve_in_background
from tests.browser.conftest import OffOriginGuard

ELSEWHERE = "http://gradlab-guard-test.invalid/"
# A page without the site's Content-Security-Policy (which would stop the request before it
# is made), and a service worker that fetches from elsewhere as it installs.
PAGE = """<!doctype html><title>guard test</title><script>
fetch("ELSEWHERE" + "from-page").catch(() => {});
navigator.serviceWorker.register("worker.js");
</script>"""
WORKER = """self.addEventListener("install", (event) => event.waitUntil(Promise.all([
  fetch("ELSEWHERE" + "from-service-worker").catch(() => {}),
  fetch("OTHER_LOOPBACK" + "from-service-worker").catch(() => {}),
])));"""


@pytest.fixture
def leaky_site(tmp_path, plain_host_url):
    """A site whose page and service worker both request other origins, one of them on loopback."""
    (tmp_path / "index.html").write_text(PAGE.replace("ELSEWHERE", ELSEWHERE))
    (tmp_path / "worker.js").write_text(
        WORKER.replace("ELSEWHERE", ELSEWHERE).replace("OTHER_LOOPBACK", plain_host_url)
    )
    server = serve_in_background(tmp_path)
    host, port = server.server_address[:2]
    yield f"http://{host}:{port}/"
    server.shutdown()


def wait_for_leaks(guard, page, expected, seconds=30):
    """Let the browser's events arrive until the guard has seen what is expected, or time is up."""
    for _ in range(seconds * 10):
        if expected <= set(guard.leaks()):
            return
        page.wait_for_timeout(100)


def test_the_guard_catches_requests_to_other_origins_from_the_page_and_the_service_worker(
    browser, off_origin_proxy, leaky_site, plain_host_url
):
    guard = OffOriginGuard(off_origin_proxy)
    context = guard.watch(browser.new_context(), leaky_site)
    try:
        page = context.new_page()
        page.goto(leaky_site)
        page.wait_for_function("navigator.serviceWorker.ready.then(() => true)")
        expected = {
            f"page: GET {ELSEWHERE}from-page",
            f"service worker: GET {ELSEWHERE}from-service-worker",
            f"service worker: GET {plain_host_url}from-service-worker",
            # The proxy sees the requests leaving loopback whoever makes them, Playwright aside.
            f"proxy: GET {ELSEWHERE}from-page",
            f"proxy: GET {ELSEWHERE}from-service-worker",
        }
        wait_for_leaks(guard, page, expected)
        assert expected <= set(guard.leaks()), guard.leaks()
    finally:
        context.close()
