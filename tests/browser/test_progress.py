"""Progress: kept in the browser across reloads and restarts, versioned, resettable, portable as a file."""

import json

import pytest
from playwright.sync_api import expect

from tests.browser.lesson import (
    BLANK,
    BOOT_TIMEOUT_MS,
    LESSON,
    PROGRESS_KEY,
    check_passes,
    click,
    code_editor,
    open_lesson,
    right_solution,
    saved_progress,
    set_code,
    starter_code,
)


def test_code_hints_and_answers_survive_a_reload(page, site_url):
    open_lesson(page, site_url)
    set_code(page, "print('my own work')\n")
    click(page, "Show hint")
    page.get_by_role("radio", name="A correction").check()
    page.reload()
    expect(code_editor(page)).to_have_text("print('my own work')")
    expect(page.get_by_text("Hint 1 of 3")).to_be_visible()
    expect(page.get_by_role("radio", name="A correction")).to_be_checked()
    expect(page.locator(".explanation:visible").first).to_contain_text("Right.")
    assert saved_progress(page)["schema"] == 2 and saved_progress(page)["lesson"] == "8.6"


def test_progress_survives_a_browser_restart(playwright, launch_options, off_origin_guard, site_url, tmp_path):
    """The browser process ends and a new one starts on the same profile: the code typed is back."""
    profile = tmp_path / "profile"
    before = off_origin_guard.watch(playwright.chromium.launch_persistent_context(profile, **launch_options), site_url)
    page = before.new_page()
    open_lesson(page, site_url)
    set_code(page, "print('still here')\n")
    assert saved_progress(page)["exercises"]["residual_stack"]["code"] == "print('still here')\n"
    before.close()
    after = off_origin_guard.watch(playwright.chromium.launch_persistent_context(profile, **launch_options), site_url)
    try:
        again = after.new_page()
        open_lesson(again, site_url)
        expect(code_editor(again)).to_have_text("print('still here')")
    finally:
        after.close()


def test_sections_are_marked_done(page, site_url):
    open_lesson(page, site_url)
    set_code(page, right_solution(page))
    check_passes(page, BOOT_TIMEOUT_MS)
    page.get_by_role("heading", name="Your progress").scroll_into_view_if_needed()
    panel = page.locator(".section-list")
    expect(panel).to_contain_text("Build: done")
    expect(panel).to_contain_text("Unlocked in microgpt: done")
    expect(panel).to_contain_text("Check yourself: not yet")
    page.reload()
    expect(page.locator(".section-list")).to_contain_text("Build: done")


def test_a_changed_starter_keeps_the_learners_code_and_says_so(page, site_url):
    open_lesson(page, site_url)
    set_code(page, "print('written against the old starter')\n")
    progress = saved_progress(page)
    progress["exercises"]["residual_stack"]["starter"] = "0ld5tarter"
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [PROGRESS_KEY, json.dumps(progress)])
    page.reload()
    expect(code_editor(page)).to_have_text("print('written against the old starter')")
    expect(page.get_by_text("The starter code of this exercise has changed")).to_be_visible()


def test_reset_code_restores_the_starter_and_can_be_undone(page, site_url):
    open_lesson(page, site_url)
    set_code(page, "print('mine')\n")
    click(page, "Reset code")
    expect(code_editor(page)).to_contain_text("def residual_stack(x, depth=20):")
    assert saved_progress(page)["exercises"]["residual_stack"]["code"] == starter_code(page)
    click(page, "Undo reset")
    expect(code_editor(page)).to_have_text("print('mine')")


def test_start_over_also_hides_hints_and_the_solution(page, site_url):
    open_lesson(page, site_url)
    set_code(page, "print('mine')\n")
    click(page, "Show hint")
    click(page, "Show solution")
    click(page, "Yes, show the solution")
    expect(page.locator(".solution-reference")).to_be_visible()
    click(page, "Start over")
    click(page, "Yes, start over")
    expect(page.get_by_text("Hint 1 of 3")).to_be_hidden()
    expect(page.locator(".solution-reference")).to_have_count(0)
    expect(code_editor(page)).to_contain_text("def residual_stack(x, depth=20):")
    page.reload()
    expect(page.get_by_text("Hint 1 of 3")).to_be_hidden()
    expect(page.get_by_role("button", name="Show solution")).to_be_visible()


def test_export_then_import_moves_progress_to_another_browser(new_context, page, site_url, tmp_path):
    open_lesson(page, site_url)
    set_code(page, "print('moving house')\n")
    with page.expect_download() as download:
        click(page, "Export progress")
    exported = tmp_path / "progress.json"
    download.value.save_as(exported)
    assert json.loads(exported.read_text())["exercises"]["residual_stack"]["code"] == "print('moving house')\n"
    other = new_context().new_page()
    open_lesson(other, site_url)
    with other.expect_file_chooser() as chooser:
        click(other, "Import progress")
    chooser.value.set_files(exported)
    other.wait_for_load_state()
    expect(code_editor(other)).to_have_text("print('moving house')")


A_RECORD = {"schema": 1, "lesson": "8.6", "exercises": {}, "quizzes": {}, "sections": {}}
BAD_FILES = {
    "another lesson": (json.dumps({**A_RECORD, "lesson": "9.9"}), "it is for lesson 9.9, not 8.6"),
    "another schema version": (
        json.dumps({**A_RECORD, "schema": 3}),
        "it has format version 3, this page reads versions 1 to 2",
    ),
    "not JSON": ('{"schema": 1, "lesson": "8.6", ', "could not be imported: "),
}


@pytest.mark.parametrize("kind", BAD_FILES)
def test_importing_a_bad_file_changes_nothing_and_says_why(page, site_url, tmp_path, kind):
    text, why = BAD_FILES[kind]
    open_lesson(page, site_url)
    set_code(page, "print('keep me')\n")
    bad = tmp_path / "bad.json"
    bad.write_text(text)
    with page.expect_file_chooser() as chooser:
        click(page, "Import progress")
    chooser.value.set_files(bad)
    expect(page.get_by_text("could not be imported")).to_contain_text(why)
    expect(page.get_by_text("could not be imported")).to_contain_text("Your progress is unchanged")
    expect(code_editor(page)).to_have_text("print('keep me')")
    assert saved_progress(page)["exercises"]["residual_stack"]["code"] == "print('keep me')\n"


UNREADABLE_RECORDS = {
    "not JSON": ("{not json", "could not be read ("),
    "another schema version": (
        json.dumps({**A_RECORD, "schema": 3}),
        "it has format version 3, this page reads versions 1 to 2",
    ),
}


@pytest.mark.parametrize("kind", UNREADABLE_RECORDS)
def test_unreadable_saved_progress_is_set_aside_and_the_learner_told(page, site_url, kind):
    stored, why = UNREADABLE_RECORDS[kind]
    page.goto(site_url + LESSON)
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [PROGRESS_KEY, stored])
    page.reload()
    expect(page.get_by_role("status", name="Notices")).to_contain_text("could not be read")
    expect(page.get_by_role("status", name="Notices")).to_contain_text(why)
    kept = page.evaluate(
        "key => Object.keys(localStorage).filter(k => k.startsWith(key + ':set-aside:'))", PROGRESS_KEY
    )
    assert len(kept) == 1
    assert page.evaluate("key => localStorage.getItem(key)", kept[0]) == stored
    set_code(page, "print('fresh')\n")
    fresh = saved_progress(page)
    assert (fresh["schema"], fresh["lesson"], fresh["exercises"]["residual_stack"]["code"]) == (
        2,
        "8.6",
        "print('fresh')\n",
    )


def test_a_version_1_record_is_upgraded_with_its_answers_on_their_questions(page, site_url):
    page.goto(site_url + LESSON)
    version_1 = {
        "schema": 1,
        "lesson": "8.6",
        "sections": {"Watch": True},
        "exercises": {"residual_stack": {"code": "print('from version 1')\n", "hints": 1, "passed": True}},
        "quizzes": {"q1": [0, 1], "q3": [1]},
    }  # keyed by position, as version 1 kept them
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [PROGRESS_KEY, json.dumps(version_1)])
    page.reload()
    expect(code_editor(page)).to_have_text("print('from version 1')")
    expect(page.get_by_text("Hint 1 of 3")).to_be_visible()
    expect(page.get_by_text("Watch: done")).to_be_visible()
    expect(page.get_by_text("Build: done")).to_be_visible()
    first = page.get_by_role("radiogroup", name="what is each block actually learning?")
    expect(first.get_by_role("radio", name="A correction")).to_be_checked()
    third = page.get_by_role("radiogroup", name="Why do we still say the highway carries a gradient of 1?")
    expect(third.get_by_role("radio", name="Because one road goes through every plus sign")).to_be_checked()
    set_code(page, "print('now version 2')\n")
    expect(code_editor(page)).to_have_text("print('now version 2')")
    page.wait_for_function("key => localStorage.getItem(key).includes('now version 2')", arg=PROGRESS_KEY)
    upgraded = saved_progress(page)
    assert upgraded["schema"] == 2
    assert not {"q1", "q3"} & set(upgraded["quizzes"]) and len(upgraded["quizzes"]) == 2
    assert upgraded["exercises"]["residual_stack"]["passed"] is True


SECOND_EXERCISE = """```exercise double_it
call: double_it(x)
values: x
--- starter
def double_it(x):
    return x  # TODO: twice x
--- solution
def double_it(x):
    return x * 2
--- cases
x
1.0
2.5
```

"""


@pytest.fixture(scope="module")
def two_exercises_url(tmp_path_factory):
    """Lesson 8.6 with a second exercise in its Build section, built and served."""
    import shutil

    import build
    from gradlab.server import serve_in_background

    lessons = tmp_path_factory.mktemp("lessons") / "lessons"
    shutil.copytree(build.LESSONS_DIR, lessons)
    (lesson,) = lessons.glob("8.6-*.md")
    lesson.write_text(lesson.read_text().replace("## Check yourself", SECOND_EXERCISE + "## Check yourself", 1))
    site = tmp_path_factory.mktemp("site")
    build.build_site(lessons, site)
    server = serve_in_background(site)
    host, port = server.server_address[:2]
    yield f"http://{host}:{port}/"
    server.shutdown()


def check_in(exercise, code):
    code_editor(exercise).fill(code)
    exercise.get_by_role("button", name="Check", exact=True).click()
    expect(exercise.get_by_role("status", name="Result")).to_contain_text("Passed", timeout=BOOT_TIMEOUT_MS)


def test_a_section_of_two_exercises_is_done_when_both_pass(new_context, two_exercises_url):
    page = new_context(site=two_exercises_url).new_page()
    open_lesson(page, two_exercises_url)
    first, second = page.locator("#exercise-residual_stack"), page.locator("#exercise-double_it")
    starter = first.locator("textarea.code-editor").evaluate("textarea => textarea.defaultValue")
    check_in(first, starter.replace(BLANK, "x = x + layer(x)"))
    panel = page.locator(".section-list")
    expect(panel).to_contain_text("Build: not yet")
    check_in(second, "def double_it(x):\n    return x * 2\n")
    expect(panel).to_contain_text("Build: done")
    page.reload()
    expect(page.locator(".section-list")).to_contain_text("Build: done")
