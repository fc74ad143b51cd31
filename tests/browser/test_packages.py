"""A lesson's package from PyPI, installed in the page's Python from the site itself, offline-ready."""

import re

import pytest
from playwright.sync_api import expect

from gradlab.server import serve_in_background
from tests.browser.lesson import BOOT_TIMEOUT_MS, RUN_TIMEOUT_MS, click, output, result, set_code, wait_for_python
from tests.test_packages import packages_site  # noqa: F401  (the fixture: the fixture course, built)


@pytest.fixture
def packages_page(new_context, packages_site):  # noqa: F811
    server = serve_in_background(packages_site)
    host, port = server.server_address[:2]
    site = f"http://{host}:{port}/"
    page = new_context(site=site).new_page()
    page.goto(site + "1.1-a-table-of-numbers/index.html")
    yield page
    server.shutdown()


def test_learner_code_imports_the_lessons_package(packages_page):
    page = packages_page
    wait_for_python(page, BOOT_TIMEOUT_MS)
    set_code(page, "from tabulate import tabulate\nprint(tabulate([[1, 2], [30, 40]]))\n")
    click(page, "Run")
    expect(output(page)).to_contain_text("30  40", timeout=RUN_TIMEOUT_MS)
    set_code(
        page, "from tabulate import tabulate\n\ndef doubled(x):\n    print(tabulate([[x.data]]))\n    return x + x\n"
    )
    click(page, "Check")
    expect(result(page)).to_contain_text(re.compile("^Passed"), timeout=RUN_TIMEOUT_MS)
