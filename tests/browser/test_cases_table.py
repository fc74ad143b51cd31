"""The table of cases after a Check, on a 360 px phone: every column a learner needs on screen, no
sideways scrolling, real table headers for screen readers, light and dark, and axe finds nothing."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

import build
from gradlab.server import serve_in_background
from tests.browser.axe import axe_violations
from tests.browser.lesson import BLANK, BOOT_TIMEOUT_MS, cases_table, click, open_lesson, result, set_code, starter_code
from tests.browser.tabs import note_foreign_requests

COLUMNS = ["Depth", "Input", "Layer rate", "Expected gradient", "Your gradient", "Result"]
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}

CELLS_OUTSIDE = """table => [...table.querySelectorAll('td')]
  .map(cell => cell.getBoundingClientRect())
  .filter(box => box.width === 0 || box.left < 0 || box.right > document.documentElement.clientWidth).length"""


def test_the_cases_fit_a_360_px_phone_in_light_and_dark(new_context, site_url):
    context = new_context(**PHONE)
    foreign = note_foreign_requests(context, site_url)
    try:
        page = context.new_page()
        open_lesson(page, site_url)
        set_code(page, starter_code(page).replace(BLANK, "x = layer(x)"))  # replaces x: a plain stack
        click(page, "Check")
        expect(result(page)).to_contain_text("Not yet", timeout=BOOT_TIMEOUT_MS)
        table = cases_table(page)
        expect(table.get_by_role("columnheader")).to_have_text(COLUMNS)
        first_case = table.get_by_role("row").nth(1)
        expect(first_case.get_by_role("cell")).to_have_count(len(COLUMNS))
        expect(first_case.get_by_role("cell", name="✗ differs")).to_be_visible()
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            table.scroll_into_view_if_needed()
            assert table.evaluate(CELLS_OUTSIDE) == 0, f"{scheme}: some cells are outside the screen"
            assert page.evaluate("document.documentElement.scrollWidth") <= 360, scheme
            for label in COLUMNS:  # each value shows its label beside it
                expect(first_case.get_by_text(label, exact=True)).to_be_visible()
            assert not axe_violations(page), scheme
    finally:
        context.close()
    assert not foreign, f"requests left the site's origin: {foreign}"


FUNCTIONS_LESSONS = Path(__file__).parents[1] / "fixtures" / "lessons" / "functions"


@pytest.fixture(scope="module")
def functions_site_url(tmp_path_factory):
    """A site of the one fixture lesson whose function takes a function (slope(f, x, h))."""
    out = tmp_path_factory.mktemp("functions-site")
    build.build_site(FUNCTIONS_LESSONS, out)
    server = serve_in_background(out)
    host, port = server.server_address[:2]
    yield f"http://{host}:{port}/"
    server.shutdown()


def test_a_case_that_passes_a_function_shows_its_name_in_the_table_the_message_and_the_explore(
    new_context, functions_site_url
):
    page = new_context(site=functions_site_url).new_page()
    page.goto(functions_site_url + "7.1-what-a-derivative-measures/index.html")
    set_code(page, "def slope(f, x, h):\n    return (f(x + h) - f(x)) / h\n")  # one-sided: the mistake
    click(page, "Check")
    expect(result(page)).to_contain_text(
        "Your slope of cube at 1 is 3.31, where 3.01 was expected", timeout=BOOT_TIMEOUT_MS
    )
    table = cases_table(page)
    expect(table.get_by_role("columnheader").first).to_have_text("Function")
    functions = [table.get_by_role("row").nth(row).get_by_role("cell").first for row in range(1, 5)]
    for cell, name in zip(functions, ["cube", "cube", "exp_of", "bump"]):
        expect(cell).to_contain_text(name)
    chart = page.get_by_role("figure", name="The measured slope of the cube at 1")
    chart.scroll_into_view_if_needed()  # the learner's curve is drawn as they come back to the chart
    # The explore's yours() ran the learner's slope on run(f="cube", …): 3.31 at a step of 0.1.
    expect(chart.get_by_role("columnheader", name="Your code")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(chart).to_contain_text("3.31")
