"""Card, module and test pages: axe finds nothing, light and dark, at 360 px with no sideways scrolling."""

import pytest

from tests.browser.axe import axe_violations
from tests.browser.study import CARD, MODULE, MODULE_TEST
from tests.browser.test_access import background_luminance


def use_the_page(page, path):
    """Bring out what a learner's visit shows: an answered card question, a graded test."""
    if path == CARD:
        page.get_by_role("radio").first.check()
    if path == MODULE_TEST:
        page.get_by_role("radiogroup").first.get_by_role("radio").first.check()
        page.get_by_role("button", name="Submit answers").click()


@pytest.mark.parametrize("scheme, width", [("dark", 360), ("light", 1280)])
@pytest.mark.parametrize("path", [CARD, MODULE, MODULE_TEST, ""])
def test_axe_finds_nothing_at_any_width_in_either_scheme(new_context, site_url, path, scheme, width):
    context = new_context(color_scheme=scheme, viewport={"width": width, "height": 740})
    try:
        page = context.new_page()
        page.goto(site_url + path)
        assert (background_luminance(page) > 0.5) is (scheme == "light")
        use_the_page(page, path)
        assert not axe_violations(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    finally:
        context.close()


def test_the_pages_are_readable_without_javascript(new_context, site_url):
    context = new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(site_url + MODULE_TEST)
        assert page.get_by_role("radiogroup").count() >= 12
        assert "Grading needs JavaScript" in page.inner_text("main")
        page.goto(site_url + CARD)
        assert "In depth" in page.inner_text("main") and page.locator("math").count() > 0
    finally:
        context.close()
