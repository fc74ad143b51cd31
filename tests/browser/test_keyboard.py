"""The Build section by keyboard alone: the way out of the editor tells itself and waits for the learner,
and focus never falls to the page's body when a button it was on goes away."""

from playwright.sync_api import expect

from tests.browser.lesson import RUN_TIMEOUT_MS, code_editor, open_lesson, output, set_code, wait_for_python

SLOW_CODE = "import time\ntime.sleep(1)\nprint('slept')\n"


def button(page, name):
    return page.get_by_role("button", name=name, exact=True)


def test_the_way_out_of_the_editor_is_told_and_waits_for_the_learner(page, site_url):
    open_lesson(page, site_url)
    editor = code_editor(page)
    expect(editor).to_have_accessible_description("Tab indents here. To leave the editor, press Escape, then Tab.")
    set_code(page, "x = 1\n")
    editor.focus()
    page.keyboard.press("Tab")  # inside, Tab indents
    expect(editor).to_have_text("    x = 1")
    page.keyboard.press("Escape")
    page.wait_for_timeout(3000)  # a slow learner: longer than CodeMirror's own two seconds
    page.keyboard.press("Tab")
    expect(button(page, "Run")).to_be_focused()
    expect(editor).to_have_text("    x = 1")  # the way out changed no code


def test_after_escape_any_other_key_makes_tab_indent_again(page, site_url):
    open_lesson(page, site_url)
    editor = code_editor(page)
    set_code(page, "x = 1\n")
    editor.focus()
    page.keyboard.press("Escape")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Tab")
    expect(editor).to_be_focused()


def test_focus_follows_run_to_stop_and_back(page, site_url):
    open_lesson(page, site_url)
    wait_for_python(page)
    for name in ("Run", "Check"):
        set_code(page, SLOW_CODE)
        button(page, name).focus()
        page.keyboard.press("Enter")
        expect(button(page, "Stop")).to_be_focused()  # Run and Check are disabled while code runs
        expect(output(page)).to_contain_text("slept", timeout=RUN_TIMEOUT_MS)
        expect(button(page, name)).to_be_focused()


def test_focus_goes_to_the_solution_once_shown(page, site_url):
    open_lesson(page, site_url)
    button(page, "Show solution").click()
    page.keyboard.press("Enter")  # on "Yes, show the solution", which the confirmation focuses
    expect(page.get_by_role("heading", name="Reference solution")).to_be_focused()
