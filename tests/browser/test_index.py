"""The index as the course's front page: the model the course builds, lit part by part as its lessons
are done, the learner's progress, and the way back to the first lesson not done yet."""

import re
import tomllib

from playwright.sync_api import expect

from tests.browser.lesson import (
    BOOT_TIMEOUT_MS,
    RUN_TIMEOUT_MS,
    check_passes,
    lesson_folders,
    set_code,
    wait_for_python,
)
from tests.corpus import LESSONS_DIR, lesson_exercise


def answer_every_quiz_right(page):
    """Pick options until each question of Check yourself says Right."""
    for question in page.locator(".quiz").all():
        for option in question.get_by_role("radio").all():
            option.check()
            if question.locator(".explanation:visible").last.inner_text().startswith("Right"):
                break


def part(page, name):
    return page.locator(".model-parts").get_by_role("listitem").filter(has_text=name)


def test_the_model_lights_part_by_part_and_continue_leads_on(page, site_url, built_site):
    lessons = lesson_folders(built_site)
    first = lessons[0]
    page.goto(site_url)
    parts = tomllib.loads((LESSONS_DIR / "course.toml").read_text())["model"]
    expect(page.locator(".model-parts").get_by_role("listitem")).to_have_count(len(parts))
    expect(part(page, "rmsnorm before each block")).to_contain_text("(not built yet)")
    expect(
        page.get_by_text(re.compile(rf"^You have done 0 of the {len(lessons)} lessons written so far"))
    ).to_be_visible()
    expect(page.get_by_role("link", name=re.compile(r"^Start with "))).to_have_attribute("href", f"{first}/index.html")
    expect(page.get_by_role("link", name="Module 8: lessons, concepts and test", exact=True)).to_be_visible()

    rmsnorm = next(folder for folder in lessons if folder.startswith("8.5-"))
    page.goto(f"{site_url}{rmsnorm}/index.html")
    wait_for_python(page, BOOT_TIMEOUT_MS)
    set_code(page, lesson_exercise("8.5")[0]["solution"])
    check_passes(page, RUN_TIMEOUT_MS)
    answer_every_quiz_right(page)

    page.goto(site_url)
    expect(part(page, "rmsnorm before each block")).to_contain_text("(built)")
    expect(part(page, "Residual connections")).to_contain_text("(not built yet)")
    expect(
        page.get_by_text(re.compile(rf"^You have done 1 of the {len(lessons)} lessons written so far"))
    ).to_be_visible()
    following = first if first != rmsnorm else lessons[1]
    expect(page.get_by_role("link", name=re.compile(r"^Continue with "))).to_have_attribute(
        "href", re.compile(re.escape(f"{following}/index.html") + "$")
    )
