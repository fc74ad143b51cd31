"""Several tabs of one lesson: pages of one browser context, sharing its storage, behind the origin guard."""

import json
import time
from urllib.parse import urlsplit

from playwright.sync_api import expect

from tests.browser.lesson import LESSON, PROGRESS_KEY, code_editor, open_lesson, saved_progress, set_code, two_frames

# A tab given `window.deafToOtherTabs = true` stops hearing the others (the `storage` event), so its
# copy of the progress grows old, as in a tab the browser froze: then only merging saves keep work.
DEAF_SWITCH = """addEventListener("storage", (event) => {
  if (window.deafToOtherTabs) event.stopImmediatePropagation();
}, true);"""

FIRST_QUESTION = "With a residual connection around it, what is each block actually learning?"
THIRD_QUESTION = "Why do we still say the highway carries a gradient of 1?"


def note_foreign_requests(context, site_url):
    """The list, filled as pages run, of requests leaving the site's origin (the test asserts it stays empty)."""
    origin = urlsplit(site_url).netloc
    foreign = []

    def note_request(request):
        parts = urlsplit(request.url)
        if parts.scheme in ("http", "https", "ws", "wss") and parts.netloc != origin:
            foreign.append(request.url)

    context.on("request", note_request)
    return foreign


def open_tabs(new_context, site_url):
    """The `tabs` fixture's body (tests/browser/conftest.py): open_tab(deaf=False) opens the lesson in
    one more tab of a shared context."""
    # Progress needs neither Python nor the offline cache: skipping both spares the machine's cores.
    context = new_context(service_workers="block")
    context.route("**/python-worker.*.js", lambda route: route.abort())
    context.add_init_script(DEAF_SWITCH)
    foreign = note_foreign_requests(context, site_url)

    def open_tab(deaf=False):
        page = context.new_page()
        open_lesson(page, site_url)
        # Scrolled to the editor, and the sections that shows marked done, before any tab acts, so
        # that what each tab saves, and so learns from the others, is only what the test does.
        code_editor(page).scroll_into_view_if_needed()
        settle(page)
        if deaf:
            page.evaluate("window.deafToOtherTabs = true")
        return page

    yield open_tab
    context.close()
    assert not foreign, f"requests left the site's origin: {foreign}"


def settle(page):
    """The page has seen what is on screen (its IntersectionObserver has run)."""
    two_frames(page)


def reopen(page, site_url):
    """A fresh load of the lesson, hearing other tabs again, scrolled to the top."""
    page.goto(site_url + LESSON)
    expect(code_editor(page)).to_be_visible()


def storage_reached(pages, timeout_s=15):
    """Wait until every tab reads the same progress from storage. Chromium hands a tab's save to the other
    tabs' processes a moment late (most so on a loaded machine): a tab that saves before it has been handed
    another's save merges with a copy that lacks it, and only a tab still open to hear of that writes its
    change back. A learner going from one tab to another takes far longer than the handing over; tests
    wait for it here, between one tab's action and the next tab's, so that each run tests the same thing.
    A tab that stops hearing the others (deaf) is still handed the saves: only the storage event is held."""
    deadline = time.monotonic() + timeout_s
    while True:
        stored = [page.evaluate("(key) => localStorage.getItem(key)", PROGRESS_KEY) for page in pages]
        if len(set(stored)) == 1:
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"the tabs still read different progress after {timeout_s} s: {stored}")
        time.sleep(0.02)


def question(page, text):
    return page.get_by_role("radiogroup", name=text)


def stored_code_versions(page):
    """Every version of the exercise's code that storage keeps: the current one and the drafts."""
    exercise = (saved_progress(page) or {}).get("exercises", {}).get("residual_stack", {})
    return [exercise.get("code"), *(draft["code"] for draft in exercise.get("drafts", []))]


def code_is_kept(page, code):
    """The code is in storage, and this tab shows it or offers to load it."""
    assert code in stored_code_versions(page), f"{code!r} is lost: storage holds {stored_code_versions(page)}"
    if code.strip() not in code_editor(page).inner_text():
        expect(page.get_by_text("This exercise was edited in another tab")).to_be_visible()


def type_code(page, code):
    """Type code in the editor and wait until the page has saved it (CodeMirror takes it in a moment later)."""
    set_code(page, code)
    page.wait_for_function(
        "([key, code]) => (localStorage.getItem(key) || '').includes(code)", arg=[PROGRESS_KEY, json.dumps(code)[1:-1]]
    )
