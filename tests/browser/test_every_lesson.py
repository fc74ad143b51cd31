"""Every graded lesson, end to end in Chromium: the page loads with no console error, Run prints, the
reference passes, the unchanged starter does not, one of its mistakes is named with its own message, the
reference's graph is drawn whole ("Show your graph"), its explore recomputes as a slider moves, and a
quiz answer survives a reload. The steps it shares with the smoke suite of the other engines
(tests/browser/test_engines.py) are that suite's own (smoke.py), so every engine runs them as written."""

import re

import pytest
from playwright.sync_api import expect

from grading.graph_view import graphs_json
from tests.browser import smoke
from tests.browser.lesson import (
    BOOT_TIMEOUT_MS,
    RUN_TIMEOUT_MS,
    click,
    paste_code,
    result,
    show_graph,
    wait_for_python,
)
from tests.corpus import LESSONS_DIR, graded_lessons, lesson_exercise

GRADED = graded_lessons()


@pytest.mark.parametrize("lesson_id", GRADED)
def test_the_lesson_runs_grades_draws_its_graph_and_keeps_a_quiz_answer(page, site_url, lesson_id):
    (path,) = LESSONS_DIR.glob(f"{lesson_id}-*.md")
    block, exercise = lesson_exercise(lesson_id)
    engine = smoke.PlaywrightDriver(page)  # before the page loads: its console errors from the start
    page.goto(f"{site_url}{path.stem}/index.html")
    wait_for_python(page, BOOT_TIMEOUT_MS)
    click(page, "Check")  # the starter, as the page gives it
    expect(result(page)).to_contain_text(re.compile("^Not yet"), timeout=RUN_TIMEOUT_MS)
    smoke.run_prints(engine)
    mistake = exercise["mistakes"][0]
    # Pasted, as a learner does: Playwright's fill types into the editor's contenteditable, where Chromium
    # marks runs of spaces with an inline style the page's Content-Security-Policy refuses (a console error).
    paste_code(page, mistake["source"])
    click(page, "Check")
    opening = re.split(r"[{`*]", mistake["message"])[0].strip()  # up to its first field or markup
    expect(result(page)).to_contain_text(re.compile("^Not yet: " + re.escape(opening)), timeout=RUN_TIMEOUT_MS)
    paste_code(page, block["solution"])
    click(page, "Check")
    expect(result(page)).to_contain_text(re.compile("^Passed"), timeout=RUN_TIMEOUT_MS)
    show_graph(page)
    total = graphs_json(exercise, block["solution"])["yours"]["total"]  # what CPython draws of the same case
    expect(page.get_by_role("figure", name="Your graph")).to_contain_text(f"{total} nodes")
    expect(page.get_by_role("table", name="Your graph as a table").get_by_role("row")).not_to_have_count(0)
    numbers = page.get_by_role("figure").filter(has=page.get_by_role("slider")).get_by_role("table")
    before = numbers.inner_text()
    for slider in page.get_by_role("slider").all():
        slider.focus()
        page.keyboard.press("ArrowLeft")
    expect(numbers).not_to_have_text(before, timeout=RUN_TIMEOUT_MS)
    smoke.a_quiz_answer_survives_a_reload(engine)
    assert engine.errors() == []
