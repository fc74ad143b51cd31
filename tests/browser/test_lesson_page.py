"""Lesson 8.6 end to end in headless Chromium: read it, run it, check it, with nothing from elsewhere."""

import re

from playwright.sync_api import expect

from tests.browser.lesson import (
    BLANK,
    BOOT_TIMEOUT_MS,
    RUN_TIMEOUT_MS,
    cases_table,
    check_passes,
    click,
    open_lesson,
    output,
    result,
    right_solution,
    set_code,
    starter_code,
    two_frames,
    wait_for_python,
)


def test_lesson_reads_before_python_is_ready(held_page):
    page, held = held_page
    open_lesson(page, held.url)
    for section in ("Watch", "Explore", "Build", "Check yourself", "Unlocked in microgpt"):
        expect(page.get_by_role("heading", name=section, exact=True)).to_be_visible()
    expect(page.get_by_role("figure", name="Gradient reaching the input")).to_contain_text("1e-20")
    expect(page.get_by_role("status", name="Python status")).not_to_have_text("Python ready")
    held.let_python_load()
    wait_for_python(page)


def test_right_solution_passes_with_the_gradient(page, site_url):
    open_lesson(page, site_url)
    set_code(page, right_solution(page))
    wait_for_python(page)
    check_passes(page)
    expect(result(page)).to_contain_text("6.727")


def test_replacing_x_gets_not_yet_the_diagnosis_and_the_table(page, site_url):
    open_lesson(page, site_url)
    set_code(page, starter_code(page).replace(BLANK, "x = layer(x)"))
    wait_for_python(page)
    click(page, "Check")
    expect(result(page)).to_contain_text(re.compile(r"^Not yet"), timeout=RUN_TIMEOUT_MS)
    expect(result(page)).to_contain_text("1e-20")
    expect(result(page).get_by_role("table")).to_have_count(0)  # the verdict alone is announced
    expect(cases_table(page).get_by_role("columnheader")).to_have_text(
        ["Depth", "Input", "Layer rate", "Expected gradient", "Your gradient", "Result"]
    )
    first_row = cases_table(page).get_by_role("row").nth(1)
    # Each cell also carries its column's label, shown on phones, where rows become cards.
    expect(first_row.get_by_role("cell")).to_have_text(
        [re.compile(text + "$") for text in ("20", "1", "0.1", "6.727", "1e-20", "✗ differs")]
    )
    expect(result(page).get_by_role("code").first).to_have_text("x")  # the message's markdown, rendered


def test_the_unchanged_starter_is_told_to_fill_the_blank(page, site_url):
    open_lesson(page, site_url)
    click(page, "Check")
    expect(result(page)).to_contain_text(re.compile(r"^Not yet.*blank", re.S), timeout=BOOT_TIMEOUT_MS)


def test_after_passing_the_reference_is_shown_beside_the_learners_code(page, site_url):
    solution_requests = []
    page.on("request", lambda request: "/solution-" in request.url and solution_requests.append(request.url))
    open_lesson(page, site_url)
    code = right_solution(page).replace("x = x + layer(x)", "x += layer(x)  # mine")
    set_code(page, code)
    check_passes(page, BOOT_TIMEOUT_MS)
    expect(page.locator(".solution-mine")).to_contain_text("x += layer(x)  # mine")
    expect(page.locator(".solution-reference")).to_contain_text("x = x + layer(x)")
    # Passing again on the same code leaves the panes as they are: not parsed and laid out again.
    page.locator(".solution-reference").evaluate("pane => { pane.dataset.testMark = 'first'; }")
    check_passes(page)
    expect(page.locator(".solution-reference")).to_have_attribute("data-test-mark", "first")
    # Passing on new code shows it beside the reference, which the page fetched once.
    set_code(page, code.replace("# mine", "# mine, again"))
    check_passes(page)
    expect(page.locator(".solution-mine")).to_contain_text("# mine, again")
    expect(page.locator(".solution-reference")).to_contain_text("x = x + layer(x)")
    expect(page.locator(".solution-reference")).not_to_have_attribute("data-test-mark", "first")
    assert len(solution_requests) == 1, solution_requests


def test_the_solution_beside_the_code_moves_nothing_above_it(new_context, site_url):
    # On a wide screen the two panes want more than the lesson's column, and reach out of it. A column
    # widened for them would reflow every line above: the Check just pressed, and its verdict, went up by
    # hundreds of pixels, off the screen.
    width = 1280
    context = new_context(viewport={"width": width, "height": 800})
    page = context.new_page()
    open_lesson(page, site_url)
    set_code(page, right_solution(page))
    check = page.get_by_role("button", name="Check", exact=True)
    check.scroll_into_view_if_needed()
    before = check.bounding_box()["y"]
    column = page.locator("main").bounding_box()["width"]
    check_passes(page, BOOT_TIMEOUT_MS)
    panes = page.locator(".solution.side-by-side")
    expect(panes).to_be_visible()
    two_frames(page)
    assert check.bounding_box()["y"] == before, "the Check button moved when the solution came beside the code"
    assert page.locator("main").bounding_box()["width"] == column
    assert panes.bounding_box()["width"] > column  # wider than the column, and yet no wider than the screen
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    context.close()


def test_run_prints_what_the_program_prints(page, site_url):
    open_lesson(page, site_url)
    set_code(page, right_solution(page))
    click(page, "Run")
    expect(output(page)).to_contain_text("residual_stack", timeout=BOOT_TIMEOUT_MS)
    expect(output(page)).to_contain_text("6.727e+00")
    expect(output(page)).to_contain_text("1.000e-20")


def test_hints_come_one_at_a_time_and_the_solution_after_confirming(page, site_url):
    open_lesson(page, site_url)
    click(page, "Show hint")
    expect(page.get_by_text("Hint 1 of 3")).to_be_visible()
    expect(page.get_by_text("Hint 2 of 3")).to_be_hidden()
    click(page, "Show hint")
    expect(page.get_by_text("Hint 2 of 3")).to_be_visible()
    expect(page.locator(".solution-reference")).to_have_count(0)
    click(page, "Show solution")
    click(page, "Not yet")
    expect(page.locator(".solution-reference")).to_have_count(0)
    click(page, "Show solution")
    click(page, "Yes, show the solution")
    expect(page.locator(".solution-reference")).to_contain_text("x = x + layer(x)")
