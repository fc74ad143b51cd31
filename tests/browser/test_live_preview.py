"""The live preview in Chromium: the open page reloads itself after each save, broken or fixed."""

import shutil

from playwright.sync_api import expect

from tests.preview import GOOD_LESSONS, Preview, edit

RELOAD_TIMEOUT_MS = 15_000


def test_the_open_page_follows_every_save(new_context, tmp_path):
    shutil.copytree(GOOD_LESSONS, tmp_path / "lessons")
    lesson = tmp_path / "lessons" / "8.2-second-of-eight.md"
    preview = Preview(tmp_path)
    try:
        context = new_context(preview.url)
        page = context.new_page()
        page.goto(preview.url + "8.2-second-of-eight/index.html")
        expect(page.get_by_text("Lesson 8.2's prose.")).to_be_visible()

        edit(lesson, "Lesson 8.2's prose.", "Lesson 8.2's edited prose.")
        expect(page.get_by_text("Lesson 8.2's edited prose.")).to_be_visible(timeout=RELOAD_TIMEOUT_MS)

        edit(lesson, "- [x] Lesson 8.2", "- [ ] Lesson 8.2")
        expect(page.get_by_role("heading", name="The site did not build")).to_be_visible(timeout=RELOAD_TIMEOUT_MS)
        expect(page.get_by_role("listitem")).to_contain_text("the quiz has no right option")

        edit(lesson, "- [ ] Lesson 8.2", "- [x] Lesson 8.2")
        expect(page.get_by_text("Lesson 8.2's edited prose.")).to_be_visible(timeout=RELOAD_TIMEOUT_MS)
    finally:
        preview.stop()
