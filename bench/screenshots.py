"""The README's pictures: a lesson page, and the graph view after a wrong answer.

.venv/bin/python -m bench.screenshots      (writes docs/lesson-page.png and docs/graph-view.png)
"""

import tempfile
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

import build
from gradlab.server import serve_in_background
from tests.browser.conftest import CHROMIUM_FLAGS
from tests.browser.find_chromium import find_chromium
from tests.browser.lesson import BLANK, LESSON, RUN_TIMEOUT_MS, click, set_code, starter_code, wait_for_python

DOCS = Path(__file__).parents[1] / "docs"


def main():
    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder) / "site"
        build.build_site(build.LESSONS_DIR, site)
        server = serve_in_background(site)
        host, port = server.server_address[:2]
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_FLAGS)
                page = browser.new_page(viewport={"width": 1100, "height": 900})
                page.goto(f"http://{host}:{port}/{LESSON}")
                wait_for_python(page)
                page.screenshot(path=DOCS / "lesson-page.png")
                set_code(page, starter_code(page).replace(BLANK, "x = layer(x)"))
                click(page, "Run")
                click(page, "Show your graph")
                expect(page.get_by_role("figure", name="Reference graph")).to_be_visible(timeout=RUN_TIMEOUT_MS)
                page.locator(".graphs").screenshot(path=DOCS / "graph-view.png")
                browser.close()
        finally:
            server.shutdown()


if __name__ == "__main__":
    main()
