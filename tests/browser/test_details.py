"""Small things a learner meets: what each page's skip link says, numbers whole at 320 px, a caret
that keeps still for a learner who asked the system for less motion."""

from playwright.sync_api import expect

from tests.browser.lesson import code_editor, lesson_folders, open_lesson

# One snapshot of every cell: the page redraws the table as its script starts, and a cell measured
# after it was replaced would count as holding no line at all.
LINES_OF_TEXT = """cells => cells.map(cell => {
  const range = document.createRange();
  range.selectNodeContents(cell);
  return range.getClientRects().length;
})"""


def test_each_pages_skip_link_names_where_it_goes(page, site_url):
    page.goto(site_url + "index.html")
    expect(page.get_by_role("link", name="Skip to the course")).to_have_count(1)
    open_lesson(page, site_url)
    expect(page.get_by_role("link", name="Skip to the lesson")).to_have_count(1)


def test_no_number_of_any_explore_breaks_inside_itself_at_320_px(page, site_url, built_site):
    page.set_viewport_size({"width": 320, "height": 640})
    lessons = lesson_folders(built_site)
    assert len(lessons) >= 4
    for lesson in lessons:
        page.goto(f"{site_url}{lesson}/index.html")
        explores = page.locator("figure.explore")
        expect(explores.and_(page.locator(".interactive"))).to_have_count(explores.count())
        lines = explores.locator("td, tbody th").evaluate_all(LINES_OF_TEXT)
        assert lines == [1] * len(lines), lesson


def test_the_caret_keeps_still_under_reduced_motion(page, site_url):
    for motion, still in (("reduce", True), ("no-preference", False)):
        page.emulate_media(reduced_motion=motion)
        open_lesson(page, site_url)
        editor = code_editor(page)
        editor.focus()
        layer = page.locator(".code-editor-host").locator(".cm-cursorLayer")
        duration = layer.evaluate("layer => getComputedStyle(layer).animationDuration")
        assert (duration == "0s") is still, (motion, duration)
