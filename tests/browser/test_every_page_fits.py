"""Every page the build writes, at 360 px wide: nothing makes it scroll sideways. In the light scheme alone:
the dark one changes colours and nothing else (tests/test_colour_schemes.py)."""

from playwright.sync_api import expect

# The elements sticking out past the viewport's right edge, for a failure that says where to look.
WIDER_THAN_THE_PAGE = """() => [...document.body.querySelectorAll('*')]
  .filter(el => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
  .filter(el => !el.closest('.table-scroll, pre, .highlight'))
  .slice(0, 5).map(el => `${el.tagName.toLowerCase()}.${el.className} (${Math.round(el.getBoundingClientRect().right)} px)`)"""


def built_pages(site):
    """Lessons, concept cards, module pages, module tests and the index (a solution is a fragment, not a page)."""
    return sorted(
        path.relative_to(site).as_posix() for path in site.rglob("*.html") if not path.name.startswith("solution-")
    )


def test_every_page_fits_360_px_without_sideways_scroll(built_site, page, site_url):
    pages = built_pages(built_site)
    assert any(name.endswith("/index.html") for name in pages) and "index.html" in pages
    page.set_viewport_size({"width": 360, "height": 740})
    too_wide = {}
    for name in pages:
        page.goto(site_url + name, wait_until="load")
        # An explore draws its chart as the reader comes near it: measure the page as one who has read
        # every part of it sees it.
        for chart in page.locator(".explore .chart").all():
            chart.scroll_into_view_if_needed()
            expect(chart.locator("canvas")).to_have_count(1)
        width = page.evaluate("document.scrollingElement.scrollWidth")
        if width > 360:
            too_wide[name] = (width, page.evaluate(WIDER_THAN_THE_PAGE))
    assert too_wide == {}
