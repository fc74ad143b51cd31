"""The page starts a block kind defined in tests/fixtures/block_kinds alone, by the page module the
build bundled from its one registration; a block whose start fails leaves the others working, and is
told of even when it failed as a leave of the page began that never happened."""

import pytest
from playwright.sync_api import expect

import build
from gradlab.server import serve_in_background
from tests.browser.lesson import open_lesson, wait_for_python
from tests.test_block_kinds import FIXTURES, KINDS


@pytest.fixture(scope="module")
def fixture_site_url(tmp_path_factory):
    out = tmp_path_factory.mktemp("site")
    build.build_site(FIXTURES / "lessons", out, block_kinds=KINDS)
    server = serve_in_background(out)
    host, port = server.server_address[:2]
    yield f"http://{host}:{port}/"
    server.shutdown()


def test_the_kinds_page_module_starts_and_a_failing_one_stops_no_other(new_context, fixture_site_url):
    page = new_context(site=fixture_site_url).new_page()
    page.goto(fixture_site_url + "8.2-second-of-eight/")
    # The failing block comes first on the page, and is told of; the blocks after it start all the same.
    expect(page.get_by_role("status", name="Notices")).to_contain_text(
        "A part of this page (the failing) could not start"
    )
    card = page.locator(".flashcard")
    card.get_by_role("button", name="Turn over").click()  # enabled only once its module has started
    expect(card.locator(".flashcard-back")).to_have_text("The local rates along one path.")
    quiz = page.get_by_role("radiogroup", name="Which lesson is this?")
    quiz.get_by_role("radio", name="Lesson 8.2").check()
    expect(quiz.locator(".explanation:visible")).to_contain_text("Right.")
    expect(page.locator(".section-list")).to_contain_text("Check yourself: done ✓")  # the quiz reached the panel


def test_a_block_cut_off_by_a_leave_that_never_happens_is_still_told_of(new_context, site_url):
    page = new_context(service_workers="block").new_page()  # the offline copy would answer past the route
    # The Explore's chart library is fetched only as the learner nears it: fetched here after a leave
    # begins (beforeunload) and goes nowhere, as a link that turns out to be a download does.
    page.route("**/static/chart.*.js", lambda route: route.abort())
    open_lesson(page, site_url)
    wait_for_python(page)  # long after the page's own pageshow, which ends a leave
    page.evaluate("dispatchEvent(new Event('beforeunload'))")
    page.get_by_role("figure").filter(has=page.get_by_role("slider")).scroll_into_view_if_needed()
    page.wait_for_timeout(1500)
    expect(page.get_by_text("could not start")).to_have_count(0)  # held: the page may be on its way out
    expect(page.get_by_role("status", name="Notices")).to_contain_text(
        "A part of this page (the explore) could not start", timeout=10_000
    )
