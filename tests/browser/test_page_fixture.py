"""The `page` fixture's warm context (tests/browser/conftest.py): what one test left there, the next
does not find."""

from tests.browser.conftest import clear_storage
from tests.browser.lesson import BOOT_TIMEOUT_MS, open_lesson, wait_for_python

WHAT_IS_KEPT = """async () => ({
  saved: localStorage.length,
  databases: (await indexedDB.databases()).length,
  caches: (await caches.keys()).length,
  worker: Boolean(await navigator.serviceWorker.getRegistration()),
})"""

LEAVE_SOMETHING = """() => new Promise((resolve, reject) => {
  localStorage.setItem("left-by-a-test", "1");
  const opening = indexedDB.open("left-by-a-test");
  opening.onsuccess = () => { opening.result.close(); resolve(); };
  opening.onerror = () => reject(opening.error);
})"""


def test_a_page_after_another_finds_nothing_the_first_left(warm_context, site_url, plain_host_url):
    first = warm_context.new_page()
    open_lesson(first, site_url)
    wait_for_python(first)
    first.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT_MS)
    first.evaluate(LEAVE_SOMETHING)
    left = first.evaluate(WHAT_IS_KEPT)
    assert left["saved"] and left["databases"] and left["caches"] and left["worker"], left
    first.close()

    second = warm_context.new_page()
    clear_storage(second, (site_url, plain_host_url))
    second.goto(f"{site_url}service-worker.js")  # a page of the site's origin that runs nothing itself
    assert second.evaluate(WHAT_IS_KEPT) == {"saved": 0, "databases": 0, "caches": 0, "worker": False}
    second.close()
