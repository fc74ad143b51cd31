"""Looks and access: light and dark, 360 px wide, every control by keyboard, axe and Lighthouse clean."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.axe import COLOUR_RULES, axe_violations
from tests.browser.lesson import (
    BLANK,
    BOOT_TIMEOUT_MS,
    LESSON,
    RUN_TIMEOUT_MS,
    click,
    code_editor,
    open_lesson,
    result,
    set_code,
    wait_for_python,
)
from tests.browser.lighthouse import run_lighthouse
from tests.browser.tabs import settle
from tests.corpus import LESSONS_DIR

LESSON_PAGES = sorted(path.stem for path in LESSONS_DIR.glob("[0-9]*.md"))
CARD_PAGES = sorted(path.stem for path in (LESSONS_DIR / "concepts").glob("*.md"))


def background_luminance(page):
    rgb = page.evaluate("getComputedStyle(document.body).backgroundColor")
    red, green, blue = (int(n) for n in re.findall(r"\d+", rgb)[:3])
    return (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255


def test_light_and_dark_follow_the_system(new_context, site_url):
    for scheme, bright in (("light", True), ("dark", False)):
        context = new_context(color_scheme=scheme)
        page = context.new_page()
        page.goto(site_url + LESSON)
        assert (background_luminance(page) > 0.5) is bright, scheme


def test_usable_at_360_px_with_no_horizontal_scroll(new_context, site_url):
    context = new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page = context.new_page()
    open_lesson(page, site_url)
    set_code(page, "raise ValueError('a long message ' * 20)\n")
    click(page, "Check")
    expect(result(page)).to_contain_text("Not yet", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.get_by_role("button", name="Run", exact=True).tap()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_the_lesson_reads_with_javascript_off(new_context, site_url):
    page = new_context(java_script_enabled=False).new_page()
    page.goto(site_url + LESSON)
    for section in ("Watch", "Explore", "Build", "Check yourself", "Unlocked in microgpt"):
        expect(page.get_by_role("heading", name=section, exact=True)).to_be_visible()
    expect(page.locator("math").first).to_be_visible()
    expect(page.get_by_role("figure", name="Gradient reaching the input")).to_contain_text("1e-20")
    expect(page.get_by_role("textbox", name="Code editor")).to_have_value(re.compile(re.escape(BLANK)))
    expect(page.get_by_role("radiogroup").first).to_be_visible()
    expect(page.get_by_text("Line 112 is the single rmsnorm on the highway")).to_be_visible()


FOCUS_PROBE = """() => {
  let el = document.activeElement;
  while (el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
  const shown = el.closest('.cm-editor') || el;
  const style = getComputedStyle(shown);
  const described = el.getAttribute('aria-label') || el.textContent.trim().slice(0, 40) || el.name || el.tagName;
  return {name: described, tag: el.tagName, editor: el.classList.contains('cm-content'),
          outlined: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2};
}"""

CONTROLS_PROBE = """() => [...document.querySelectorAll('button, input, a[href], [contenteditable=true]')]
  .filter(el => el.checkVisibility() && !el.disabled)
  .map(el => el.getAttribute('aria-label') || el.textContent.trim().slice(0, 40) || el.name || el.tagName)"""


def test_every_control_is_reachable_by_keyboard_with_a_visible_focus(page, site_url):
    open_lesson(page, site_url)
    code_editor(page)  # as it is a screen before Tab reaches it
    reached, unmarked = [], []
    for _ in range(200):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUS_PROBE)
        if focused["tag"] == "BODY":
            break
        reached.append(focused["name"])
        if not focused["outlined"]:
            unmarked.append(focused["name"])
        if focused["editor"]:
            page.keyboard.press("Escape")  # inside the editor Tab indents; Escape lets the next Tab leave
    controls = page.evaluate(CONTROLS_PROBE)
    missing = [name for name in controls if name not in reached]
    assert not missing, f"not reachable by Tab: {missing}"
    assert not unmarked, f"no visible focus on: {unmarked}"


def test_axe_finds_no_violations(page, site_url):
    open_lesson(page, site_url)
    wait_for_python(page)
    click(page, "Show hint")
    page.get_by_role("radio").first.check()
    assert not axe_violations(page)


@pytest.mark.parametrize("lesson", LESSON_PAGES)
def test_axe_finds_nothing_on_every_lesson_at_360_px_and_full_width_in_light_and_dark(page, site_url, lesson):
    page.goto(f"{site_url}{lesson}/index.html")
    wait_for_python(page)
    page.get_by_role("button", name="Check", exact=True).first.click()  # the starter: a verdict and its cases
    expect(result(page).first).to_contain_text("Not yet", timeout=RUN_TIMEOUT_MS)
    page.get_by_role("button", name="Show hint", exact=True).first.click()
    page.get_by_role("radio").first.check()
    assert not axe_at_every_width_and_scheme(page)


def axe_at_every_width_and_scheme(page):
    """axe's violations on the page at 360 px and at full width, in light and in dark: {(width, scheme): [...]}.
    Every rule runs in light; in dark, the rules that colours decide (COLOUR_RULES), since only colours change."""
    found = {}
    for width in (360, 1280):
        page.set_viewport_size({"width": width, "height": 800})
        settle(page)  # what the page does as its width changes (a wide formula becomes focusable) is done
        for scheme, rules in (("light", None), ("dark", COLOUR_RULES)):
            page.emulate_media(color_scheme=scheme)
            found[(width, scheme)] = axe_violations(page, rules)
    return {where: violations for where, violations in found.items() if violations}


@pytest.mark.parametrize("card", CARD_PAGES)
def test_axe_finds_nothing_on_every_concept_card_at_360_px_and_full_width_in_light_and_dark(page, site_url, card):
    page.goto(f"{site_url}concepts/{card}.html")
    page.get_by_role("radio").first.check()
    assert not axe_at_every_width_and_scheme(page)


def test_lighthouse_scores_accessibility_and_best_practices_at_100(site_url, tmp_path):
    report = run_lighthouse(site_url + LESSON, ["accessibility", "best-practices"], tmp_path / "lighthouse.json")
    scores = {name: category["score"] for name, category in report["categories"].items()}
    failing = [
        (audit["id"], audit["title"])
        for audit in report["audits"].values()
        if audit.get("score") is not None and audit["score"] < 1 and audit.get("scoreDisplayMode") == "binary"
    ]
    assert scores == {"accessibility": 1, "best-practices": 1}, failing
