"""Sign in with passkeys and sync progress across devices, where the site has a sync service; and,
where it has none, not a trace of it."""

from urllib.parse import urlsplit

from playwright.sync_api import expect

from tests.browser.lesson import LESSON, open_lesson, set_code

STUDY_PAGES = ["index.html", "modules/8.html", "modules/8-test.html", "concepts/residual-connections.html"]


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
