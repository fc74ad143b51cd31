"""Every graded lesson, end to end in the browser: the reference passes, the unchanged starter does not,
one of its mistakes is named with its own message, and its explore recomputes as a slider moves."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.lesson import BOOT_TIMEOUT_MS, RUN_TIMEOUT_MS, click, result, set_code, wait_for_python
from tests.corpus import LESSONS_DIR, graded_lessons, lesson_exercise

GRADED = graded_lessons()


@pytest.mark.parametrize("lesson_id", GRADED)
def test_the_lesson_grades_its_solution_starter_and_a_mistake(page, site_url, lesson_id):
    (path,) = LESSONS_DIR.glob(f"{lesson_id}-*.md")
    block, exercise = lesson_exercise(lesson_id)
    page.goto(f"{site_url}{path.stem}/index.html")
    wait_for_python(page, BOOT_TIMEOUT_MS)
    click(page, "Check")
    expect(result(page)).to_contain_text(re.compile("^Not yet"), timeout=RUN_TIMEOUT_MS)
    mistake = exercise["mistakes"][0]
    set_code(page, mistake["source"])
    click(page, "Check")
    opening = re.split(r"[{`*]", mistake["message"])[0].strip()  # up to its first field or markup
    expect(result(page)).to_contain_text(re.compile("^Not yet: " + re.escape(opening)), timeout=RUN_TIMEOUT_MS)
    set_code(page, block["solution"])
    click(page, "Check")
    expect(result(page)).to_contain_text(re.compile("^Passed"), timeout=RUN_TIMEOUT_MS)
    numbers = page.get_by_role("figure").filter(has=page.get_by_role("slider")).get_by_role("table")
    before = numbers.inner_text()
    for slider in page.get_by_role("slider").all():
        slider.focus()
        page.keyboard.press("ArrowLeft")
    expect(numbers).not_to_have_text(before, timeout=RUN_TIMEOUT_MS)
