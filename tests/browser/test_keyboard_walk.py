"""Every lesson by keyboard alone: Tab walks the page in reading order with a focus ring at every stop,
leaves the editor by Escape then Tab with the code untouched, and every button of the Build section
leaves focus on something visible, never on the page's body."""

import pytest
from playwright.sync_api import expect

from tests.browser.lesson import RUN_TIMEOUT_MS, code_editor, finished, lesson_folders, wait_for_python
from tests.corpus import graded_lessons

MOST_STOPS = 400  # a page with more is a walk that never ends

# Where focus is: the element, down through shadow roots (the editor's content is in one), its place in
# the light DOM's reading order (by the element holding it there), and whether a ring shows it.
FOCUS_STOP = """() => {
  let holder = document.activeElement;
  let element = holder;
  while (element.shadowRoot && element.shadowRoot.activeElement) element = element.shadowRoot.activeElement;
  const shown = element.closest('.cm-editor') || element;
  const style = getComputedStyle(shown);
  const box = shown.getBoundingClientRect();
  return {
    name: element.getAttribute('aria-label') || element.textContent.trim().slice(0, 40) || element.name || element.tagName,
    tag: element.tagName,
    editor: element.classList.contains('cm-content'),
    position: [...document.querySelectorAll('*')].indexOf(holder),
    ring: (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== 'none',
    seen: box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < innerHeight,
  };
}"""
# The editor's first line, where its cursor sits when Tab brings focus in: a Tab that indented would show
# there. (The whole text cannot be compared: CodeMirror draws only the lines near the viewport.)
EDITOR_FIRST_LINE = "() => document.querySelector('.code-editor-host').shadowRoot.querySelector('.cm-line').textContent"


def lesson_page(page, site_url, built_site, lesson_id):
    (folder,) = (folder for folder in lesson_folders(built_site) if folder.split("-")[0] == lesson_id)
    page.goto(f"{site_url}{folder}/index.html")
    wait_for_python(page)  # Run and Check are enabled, as a learner finds them
    code_editor(page)  # and the editor arrived, as it does a screen before Tab reaches it


def focus_stop(page):
    return page.evaluate(FOCUS_STOP)


def assert_shown(stop, after):
    assert stop["tag"] != "BODY", f"focus fell to the page's body after {after}"
    assert stop["ring"], f"no focus ring on {stop['name']} after {after}"
    assert stop["seen"], f"{stop['name']} has focus off screen after {after}"


@pytest.mark.parametrize("lesson_id", graded_lessons())
def test_by_keyboard_alone_tab_walks_the_lesson_and_every_build_button_leaves_focus_shown(
    new_context, site_url, built_site, lesson_id
):
    # One page for both walks: each is a learner's, and Python's start is the most of a lesson's time here.
    page = new_context(service_workers="block").new_page()  # so that the solution's request can be held
    lesson_page(page, site_url, built_site, lesson_id)
    tab_walks_in_reading_order_and_out_of_the_editor(page)
    focus_after_every_build_button_stays_on_something_shown(page)


def tab_walks_in_reading_order_and_out_of_the_editor(page):
    stops = []
    for _ in range(MOST_STOPS):
        page.keyboard.press("Tab")
        stop = focus_stop(page)
        if stop["tag"] == "BODY":
            break
        assert_shown(stop, "Tab")
        if stops:
            assert stop["position"] > stops[-1]["position"], f"Tab went back from {stops[-1]['name']} to {stop['name']}"
        stops.append(stop)
        if stop["editor"]:
            code = page.evaluate(EDITOR_FIRST_LINE)
            page.keyboard.press("Escape")
            page.keyboard.press("Tab")
            stop = focus_stop(page)
            assert stop["name"] == "Run", f"Escape then Tab left the editor for {stop['name']}"
            assert page.evaluate(EDITOR_FIRST_LINE) == code, "the way out of the editor changed the code"
            assert_shown(stop, "leaving the editor")
            stops.append(stop)
    else:
        pytest.fail(f"Tab never came back to the page's end after {MOST_STOPS} stops")
    assert any(stop["editor"] for stop in stops), "Tab never reached the editor"


def press(page, name):
    """Focus the Build section's button name and press Enter on it, as a keyboard learner does."""
    page.get_by_role("button", name=name, exact=True).focus()
    page.keyboard.press("Enter")


def nothing_under_way(page):
    """No run or Check, and no graph being drawn: what a button started has come, whatever it moved (a
    graph's message that comes late, above the hints, pushes them down)."""
    finished(page)
    expect(page.get_by_role("button", name="Stop", exact=True)).to_be_disabled(timeout=RUN_TIMEOUT_MS)
    expect(page.locator(".exercise .graph-area")).not_to_have_attribute("aria-busy", "true", timeout=RUN_TIMEOUT_MS)


def focus_after_every_build_button_stays_on_something_shown(page):
    for name in ("Run", "Check", "Show your graph", "Reset code", "Show hint", "Show solution", "Not yet"):
        press(page, name)
        nothing_under_way(page)
        assert_shown(focus_stop(page), name)
    held = []
    page.route(
        "**/solution-*.html", lambda route: held.append(route)
    )  # a slow network: the solution is still on its way
    press(page, "Show solution")
    press(page, "Yes, show the solution")
    assert_shown(focus_stop(page), "Yes, show the solution, while the solution loads")
    for _ in range(RUN_TIMEOUT_MS // 10):  # Playwright hands the held request over while the page waits
        if held:
            break
        page.wait_for_timeout(10)
    held[0].continue_()
    expect(page.get_by_role("heading", name="Reference solution")).to_be_focused()
