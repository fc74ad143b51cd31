"""The Build section's editor: CodeMirror with Python, and the keyboard a programmer expects. The page
shows its plain textarea until CodeMirror (a bundle of its own) arrives as the learner nears it."""

import re

from playwright.sync_api import expect

from tests.browser.lesson import (
    BOOT_TIMEOUT_MS,
    RUN_TIMEOUT_MS,
    WATCH_SHIFTS,
    code_editor,
    open_lesson,
    output,
    result,
    right_solution,
    saved_progress,
    set_code,
    two_frames,
    wait_for_python,
)

EDITOR_BUNDLE = re.compile(r".*/static/code-editor\.[0-9a-f]+\.js(\?.*)?$")  # a try after a failure has a query


def plain_editor(page):
    return page.locator("textarea.code-editor")


def codemirror(page):
    return page.locator(".code-editor-host .cm-content")


def hold_the_editor_bundle(context):
    """A slow network: the editor's bundle is on its way until the test lets it go (held[0].continue_())."""
    held = []
    context.route(EDITOR_BUNDLE, lambda route: held.append(route))
    return held


def wait_until_asked_for(page, held):
    while not held:
        page.wait_for_timeout(50)


def test_the_editor_is_fetched_only_as_the_learner_nears_the_build_section(page, site_url):
    fetched = []
    page.on("request", lambda request: fetched.append(request.url))
    open_lesson(page, site_url)
    wait_for_python(page)
    expect(plain_editor(page)).to_have_value(re.compile(r"def residual_stack"))
    assert not [url for url in fetched if "/code-editor." in url]
    assert codemirror(page).count() == 0
    page.get_by_role("heading", name="Build", exact=True).scroll_into_view_if_needed()
    expect(codemirror(page)).to_contain_text("def residual_stack")
    expect(plain_editor(page)).to_be_hidden()
    assert [url for url in fetched if "/code-editor." in url]


def test_what_is_typed_while_the_editor_arrives_is_kept_and_typing_goes_on_where_it_was(new_context, site_url):
    context = new_context()
    held = hold_the_editor_bundle(context)
    page = context.new_page()
    open_lesson(page, site_url)
    plain_editor(page).click()
    page.keyboard.press("Control+End")
    page.keyboard.type("# typed in the plain editor")
    wait_until_asked_for(page, held)
    held[0].continue_()
    expect(codemirror(page)).to_be_focused()
    page.keyboard.type(", then in CodeMirror")
    expect(codemirror(page)).to_contain_text("# typed in the plain editor, then in CodeMirror")
    assert saved_progress(page)["exercises"]["residual_stack"]["code"].endswith(
        "\n# typed in the plain editor, then in CodeMirror"
    )


def test_nothing_below_the_editor_moves_when_codemirror_takes_over(new_context, site_url):
    for width, height in ((1280, 1600), (360, 2400)):  # tall enough to show all the code at once
        context = new_context(viewport={"width": width, "height": height})
        held = hold_the_editor_bundle(context)
        page = context.new_page()
        open_lesson(page, site_url)
        plain_editor(page).scroll_into_view_if_needed()
        wait_until_asked_for(page, held)
        # Python and the judge boot meanwhile, and the status line below the editor tells of each (and
        # of the spare, booted only when a Stop needs one): let them settle first, so that only the
        # editor's arrival can move the page.
        status = page.get_by_role("status", name="Python status")
        expect(status).to_have_attribute("data-judge", "ready", timeout=BOOT_TIMEOUT_MS)
        expect(status).to_have_attribute("data-spare", "when-needed", timeout=BOOT_TIMEOUT_MS)
        run = page.get_by_role("button", name="Run", exact=True)
        before = run.bounding_box()["y"]
        # Between two frames CodeMirror's layout is unfinished (it measures its lines at the next frame),
        # so what a learner could see move is what the browser reports as a shift of a painted frame.
        page.evaluate(WATCH_SHIFTS, False)
        held[0].continue_()
        expect(plain_editor(page)).to_have_attribute("data-editor", "codemirror")
        two_frames(page)
        assert run.bounding_box()["y"] == before, f"the Run button moved at {width} px wide"
        shifts = page.evaluate("window.shifts")
        assert shifts == [], f"the page shifted at {width} px wide: {shifts}"
        context.close()


def test_without_codemirror_the_plain_editor_runs_checks_and_keeps_the_code(new_context, site_url):
    context = new_context()
    context.route(EDITOR_BUNDLE, lambda route: route.abort("internetdisconnected"))
    page = context.new_page()
    open_lesson(page, site_url)
    wait_for_python(page)
    editor = plain_editor(page)
    editor.fill("print('plain but working')\n")
    editor.press("Control+Enter")
    expect(output(page)).to_contain_text("plain but working", timeout=RUN_TIMEOUT_MS)
    editor.fill(right_solution(page))
    editor.press("Shift+Enter")
    expect(result(page)).to_contain_text(re.compile("^Passed"), timeout=RUN_TIMEOUT_MS)
    assert saved_progress(page)["exercises"]["residual_stack"]["code"] == right_solution(page)
    page.get_by_role("button", name="Reset code", exact=True).click()
    expect(editor).to_have_value(re.compile(r"# TODO"))
    page.get_by_role("button", name="Undo reset", exact=True).click()
    expect(editor).to_have_value(right_solution(page))
    expect(codemirror(page)).to_have_count(0)


def test_python_is_highlighted_with_line_numbers(page, site_url):
    open_lesson(page, site_url)
    editor = code_editor(page)
    expect(page.locator(".cm-lineNumbers .cm-gutterElement").filter(has_text=re.compile(r"^20$"))).to_have_count(1)
    keyword = editor.locator("span", has_text=re.compile(r"^def$")).first
    expect(keyword).to_have_css("color", re.compile(r"rgb"))
    assert keyword.evaluate("s => getComputedStyle(s).color") != editor.evaluate("e => getComputedStyle(e).color")


def test_phones_do_not_autocorrect_code(page, site_url):
    open_lesson(page, site_url)
    editor = code_editor(page)
    for name, value in (("autocorrect", "off"), ("autocapitalize", "off"), ("spellcheck", "false")):
        expect(editor).to_have_attribute(name, value)


def test_brackets_are_matched(page, site_url):
    open_lesson(page, site_url)
    editor = code_editor(page)
    set_code(page, "print((1 + 2) * 3)\n")
    editor.press("Control+Home")
    editor.press("End")
    page.keyboard.press("ArrowLeft")  # the caret now sits just inside the last ')'
    page.keyboard.press("ArrowRight")
    expect(editor.locator(".cm-matchingBracket")).to_have_count(2)


def test_tab_indents_and_escape_then_tab_leaves_the_editor(page, site_url):
    open_lesson(page, site_url)
    editor = code_editor(page)
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
    open_lesson(page, site_url)
    editor = code_editor(page)
    set_code(page, "print('ran by keyboard')\n")
    editor.press("Control+Enter")
    expect(output(page)).to_contain_text("ran by keyboard", timeout=BOOT_TIMEOUT_MS)
    assert saved_progress(page)["exercises"]["residual_stack"]["code"] == "print('ran by keyboard')\n"
    editor.press("Shift+Enter")
    expect(result(page)).to_contain_text("Not yet", timeout=BOOT_TIMEOUT_MS)
    assert saved_progress(page)["exercises"]["residual_stack"]["code"] == "print('ran by keyboard')\n"
