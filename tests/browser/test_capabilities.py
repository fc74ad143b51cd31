"""Browsers that lack what Chromium has: each capability is checked on its own, and a part of the page
that cannot use one falls back or fails where it is, never taking the rest of the page down."""

from playwright.sync_api import expect

from tests.browser.lesson import BOOT_TIMEOUT_MS, RUN_TIMEOUT_MS, click, open_lesson, output, set_code, wait_for_python
from tests.browser.tabs import FIRST_QUESTION

# What a Linux browser started in the "C" locale reports: no language tag, so Intl refuses it.
NO_LANGUAGE_TAG = 'Object.defineProperty(Navigator.prototype, "language", { get: () => "C" });'
# WebKit can be cross-origin isolated and still have no SharedArrayBuffer.
NO_SHARED_MEMORY = "delete self.SharedArrayBuffer;"


def test_a_browser_language_that_is_no_tag_leaves_every_part_working(new_context, site_url):
    context = new_context()
    context.add_init_script(NO_LANGUAGE_TAG)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    open_lesson(page, site_url)
    assert page.evaluate("Object.getOwnPropertyDescriptor(Navigator.prototype, 'language').get.call(navigator)") == "C"
    figure = page.get_by_role("figure", name="Gradient reaching the input")
    figure.scroll_into_view_if_needed()
    expect(figure.locator("canvas")).to_have_count(1)  # the chart, drawn
    quiz = page.get_by_role("radiogroup", name=FIRST_QUESTION)
    quiz.get_by_role("radio", name="A correction").check()
    expect(quiz).to_contain_text("the difference between what came in and what goes out")
    wait_for_python(page)
    set_code(page, "print('still here')\n")
    click(page, "Run")
    expect(output(page)).to_contain_text("still here", timeout=RUN_TIMEOUT_MS)
    assert errors == []


def test_without_shared_memory_python_starts_and_stop_restarts_it(new_context, site_url):
    context = new_context()
    context.add_init_script(NO_SHARED_MEMORY)
    page = context.new_page()
    open_lesson(page, site_url)
    assert page.evaluate("self.crossOriginIsolated && typeof SharedArrayBuffer") == "undefined"
    wait_for_python(page, timeout=BOOT_TIMEOUT_MS)
    set_code(page, "print('looping', flush=True)\nwhile True:\n    pass\n")
    click(page, "Run")
    expect(output(page)).to_contain_text("looping", timeout=RUN_TIMEOUT_MS)
    click(page, "Stop")
    expect(output(page)).to_contain_text("Stopped. Python was restarted to end your code", timeout=RUN_TIMEOUT_MS)
    wait_for_python(page)


def test_a_block_whose_module_cannot_load_is_reported_where_it_is_and_the_rest_starts(new_context, site_url):
    context = new_context()
    context.route("**/static/chart.*.js", lambda route: route.abort())
    page = context.new_page()
    open_lesson(page, site_url)
    page.get_by_role("figure", name="Gradient reaching the input").scroll_into_view_if_needed()
    expect(page.locator('[data-block="explore"][data-block-failed="true"]')).to_have_count(1)
    expect(page.get_by_text("A part of this page (the explore) could not start")).to_be_visible()
    quiz = page.get_by_role("radiogroup", name=FIRST_QUESTION)
    quiz.get_by_role("radio", name="A correction").check()
    expect(quiz).to_contain_text("the difference between what came in and what goes out")
    wait_for_python(page)
