"""Explore: the chart shows before Python loads, and the sliders recompute it with the engine."""

from playwright.sync_api import expect

from tests.browser.lesson import (
    BOOT_TIMEOUT_MS,
    check_passes,
    lesson_folders,
    open_lesson,
    right_solution,
    set_code,
    wait_for_python,
)


def figure(page):
    return page.get_by_role("figure", name="Gradient reaching the input")


def table_row(page, depth):
    return figure(page).get_by_role("row").filter(has=page.get_by_role("rowheader", name=str(depth), exact=True))


def test_the_chart_and_its_table_show_build_time_numbers_before_python(held_page):
    page, held = held_page
    open_lesson(page, held.url)
    figure(page).scroll_into_view_if_needed()
    expect(figure(page).locator("canvas")).to_have_count(1)
    expect(table_row(page, 20)).to_contain_text("1e-20")
    expect(table_row(page, 20)).to_contain_text("6.727")
    expect(page.get_by_role("status", name="Python status")).not_to_have_text("Python ready")
    held.let_python_load()
    expect(page.get_by_role("status", name="Python status")).to_have_text("Python ready", timeout=BOOT_TIMEOUT_MS)


def test_sliders_recompute_the_numbers_in_python(page, site_url):
    open_lesson(page, site_url)
    page.get_by_role("slider", name="Layer rate").fill("-0.9")
    # The relu closes for a negative rate: the plain stack passes back 0, the residual one exactly 1.
    expect(table_row(page, 40).get_by_role("cell")).to_have_text(["0", "1"], timeout=BOOT_TIMEOUT_MS)
    page.get_by_role("slider", name="Layer rate").fill("0.3")
    page.get_by_role("slider", name="Depth").fill("60")
    expect(table_row(page, 60)).to_contain_text("6.864e+6", timeout=BOOT_TIMEOUT_MS)  # 1.3 ** 60
    expect(figure(page)).to_contain_text("At depth (layers) 60: plain stack 4.239e-32, residual stack 6.864e+6")


def test_sliders_are_keyboard_operable(page, site_url):
    open_lesson(page, site_url)
    depth = page.get_by_role("slider", name="Depth")
    depth.focus()
    page.keyboard.press("ArrowLeft")
    expect(depth).to_have_value("39")
    expect(figure(page)).to_contain_text("At depth (layers) 39")


def test_after_a_check_the_learners_curve_is_drawn_over_the_reference(page, site_url):
    import re

    from tests.browser.lesson import BLANK, click, result, set_code, starter_code

    open_lesson(page, site_url)
    expect(figure(page).get_by_role("columnheader", name="Your code")).to_have_count(0)
    set_code(page, starter_code(page).replace(BLANK, "x = layer(x)"))
    click(page, "Check")
    expect(result(page)).to_contain_text(re.compile("^Not yet"), timeout=BOOT_TIMEOUT_MS)
    # Far below the chart, the learner reads the verdict: the curve waits until they come back to it,
    # and leaves their interpreter free for the next Run or Check meanwhile.
    page.wait_for_timeout(1000)
    expect(figure(page).get_by_role("columnheader", name="Your code")).to_have_count(0)
    figure(page).scroll_into_view_if_needed()
    expect(figure(page).get_by_role("columnheader", name="Your code")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    # Depth 20: the learner's plain stack lets 1e-20 through where the residual one lets 6.727.
    expect(table_row(page, 20).get_by_role("cell")).to_have_text(["1e-20", "6.727", "1e-20", "-6.727"])
    expect(figure(page)).to_contain_text("your code 1e-40")
    set_code(page, starter_code(page).replace(BLANK, "x = x + layer(x)"))
    click(page, "Check")
    expect(result(page)).to_contain_text(re.compile("^Passed"), timeout=BOOT_TIMEOUT_MS)
    figure(page).scroll_into_view_if_needed()
    expect(table_row(page, 20).get_by_role("cell")).to_have_text(
        ["1e-20", "6.727", "6.727", "0"], timeout=BOOT_TIMEOUT_MS
    )


def test_nothing_below_the_chart_moves_when_the_chart_library_arrives(new_context, site_url):
    context = new_context()
    held = []
    context.route("**/static/chart.*.js", lambda route: held.append(route))  # answered when the test says
    page = context.new_page()
    open_lesson(page, site_url)
    caption = figure(page).locator("caption")
    page.wait_for_function("document.readyState === 'complete'")
    caption.scroll_into_view_if_needed()
    expect(caption).to_be_visible()
    while not held:  # the explore has asked for the chart library
        page.wait_for_timeout(50)
    before = caption.bounding_box()["y"]
    held[0].continue_()
    expect(figure(page).locator("canvas")).to_have_count(1)
    expect(figure(page).get_by_role("slider", name="Depth")).to_be_visible()
    assert caption.bounding_box()["y"] == before


def test_the_chart_library_loads_only_as_the_learner_comes_near_the_chart(page, site_url):
    fetched = []
    page.on("request", lambda request: fetched.append(request.url) if "/static/chart." in request.url else None)
    open_lesson(page, site_url)
    wait_for_python(page)
    page.wait_for_timeout(1000)
    assert fetched == []  # the page's longest task, spared to a learner who reads the top of the lesson
    expect(table_row(page, 20)).to_contain_text("6.727")  # the numbers are there all along
    figure(page).scroll_into_view_if_needed()
    expect(figure(page).locator("canvas")).to_have_count(1)
    assert len(fetched) == 1


def test_the_summary_speaks_for_the_controls_alone(page, site_url):
    open_lesson(page, site_url)
    summary = figure(page).locator(".explore-summary")
    expect(figure(page).get_by_role("status")).to_have_count(0)  # a slider says its value once, itself
    wait_for_python(page)
    set_code(page, right_solution(page))
    check_passes(page)
    figure(page).scroll_into_view_if_needed()
    expect(figure(page)).to_contain_text("your code")
    expect(summary).to_have_attribute("aria-live", "off")  # the verdict is what is said after a Check
    page.get_by_role("slider", name="Depth").fill("30")
    expect(summary).to_contain_text("At depth (layers) 30", timeout=BOOT_TIMEOUT_MS)
    expect(summary).to_have_attribute("aria-live", "polite")


def test_every_controls_move_changes_what_the_summary_says(page, site_url, built_site):
    lessons = lesson_folders(built_site)
    for lesson in lessons:
        page.goto(f"{site_url}{lesson}/index.html")
        wait_for_python(page)  # else the first move is answered "Python is loading…", a change of its own
        for explore in page.locator("figure.explore").all():
            summary = explore.locator(".explore-summary")
            for slider in explore.get_by_role("slider").all():
                before = summary.text_content()
                # to its other end: wherever the default lies, that is a move
                end = (
                    slider.get_attribute("min")
                    if slider.input_value() == slider.get_attribute("max")
                    else slider.get_attribute("max")
                )
                slider.fill(end)
                expect(summary).not_to_have_text(before, timeout=BOOT_TIMEOUT_MS)
