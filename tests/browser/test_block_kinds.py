"""The page starts a block kind defined in tests/fixtures/block_kinds alone, by the page module the
build bundled from its one registration; a block whose start fails leaves the others working."""

import pytest
from playwright.sync_api import expect

import build
from gradlab.server import serve_in_background
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
