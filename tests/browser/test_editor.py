"""The Build section's editor: CodeMirror with Python, and the keyboard a programmer expects."""

import re

from playwright.sync_api import expect

from tests.browser.lesson import BOOT_TIMEOUT_MS, open_lesson, output, result, saved_progress, set_code


def test_python_is_highlighted_with_line_numbers(page, site_url):
    editor = open_lesson(page, site_url)
    expect(page.locator(".cm-lineNumbers .cm-gutterElement").filter(has_text=re.compile(r"^20$"))).to_have_count(1)
    keyword = editor.locator("span", has_text=re.compile(r"^def$")).first
    expect(keyword).to_have_css("color", re.compile(r"rgb"))
    assert keyword.evaluate("s => getComputedStyle(s).color") != editor.evaluate("e => getComputedStyle(e).color")


def test_phones_do_not_autocorrect_code(page, site_url):
    editor = open_lesson(page, site_url)
    for name, value in (("autocorrect", "off"), ("autocapitalize", "off"), ("spellcheck", "false")):
        expect(editor).to_have_attribute(name, value)


def test_brackets_are_matched(page, site_url):
    editor = open_lesson(page, site_url)
    set_code(page, "print((1 + 2) * 3)\n")
    editor.press("Control+Home")
    editor.press("End")
    page.keyboard.press("ArrowLeft")  # the caret now sits just inside the last ')'
    page.keyboard.press("ArrowRight")
    expect(editor.locator(".cm-matchingBracket")).to_have_count(2)


def test_tab_indents_and_escape_then_tab_leaves_the_editor(page, site_url):
    editor = open_lesson(page, site_url)
    set_code(page, "x = 1\n")
    editor.press("Control+Home")
    page.keyboard.press("Tab")
    assert saved_progress(page)["exercises"]["residual_stack"]["code"] == "    x = 1\n"
    expect(editor).to_be_focused()
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")
    expect(editor).not_to_be_focused()
    expect(page.get_by_role("button", name="Run", exact=True)).to_be_focused()


def test_ctrl_enter_runs_and_shift_enter_checks(page, site_url):
    editor = open_lesson(page, site_url)
    set_code(page, "print('ran by keyboard')\n")
    editor.press("Control+Enter")
    expect(output(page)).to_contain_text("ran by keyboard", timeout=BOOT_TIMEOUT_MS)
    assert saved_progress(page)["exercises"]["residual_stack"]["code"] == "print('ran by keyboard')\n"
    editor.press("Shift+Enter")
    expect(result(page)).to_contain_text("Not yet", timeout=BOOT_TIMEOUT_MS)
    assert saved_progress(page)["exercises"]["residual_stack"]["code"] == "print('ran by keyboard')\n"
