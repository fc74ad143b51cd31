"""Running code: output while it runs, floods, tracebacks in the learner's lines, Stop and the time limit."""

from playwright.sync_api import expect

from tests.browser.lesson import (BOOT_TIMEOUT_MS, RUN_TIMEOUT_MS, a_right_check_passes, click, open_lesson, output,
                                  set_code, wait_for_python)


def python_status(page):
    return page.get_by_role("status", name="Python status")


def test_output_appears_while_the_code_runs(page, site_url):
    open_lesson(page, site_url)
    wait_for_python(page)
    set_code(page, "import time\nfor i in range(3):\n    print('tick', i)\n    t = time.time()\n    while time.time() - t < 0.5: pass\n")
    click(page, "Run")
    expect(output(page)).to_contain_text("tick 0", timeout=RUN_TIMEOUT_MS)
    expect(page.get_by_role("button", name="Stop")).to_be_enabled()  # still running
    expect(output(page)).to_contain_text("tick 2", timeout=RUN_TIMEOUT_MS)
    expect(page.get_by_role("button", name="Stop")).to_be_disabled()


def test_a_million_prints_are_capped_and_the_page_stays_responsive(page, site_url):
    open_lesson(page, site_url)
    wait_for_python(page)
    set_code(page, "for i in range(1_000_000):\n    print(i)\nprint('finished')\n")
    click(page, "Run")
    expect(output(page)).to_contain_text("Output stopped here", timeout=RUN_TIMEOUT_MS)
    assert page.evaluate("document.querySelector('.output').textContent.length") < 150_000
    expect(page.get_by_role("button", name="Run")).to_be_enabled(timeout=RUN_TIMEOUT_MS)
    assert page.evaluate("1 + 1") == 2


def test_a_traceback_shows_only_the_learners_frames_and_marks_the_line(page, site_url):
    open_lesson(page, site_url)
    set_code(page, "def divide(a):\n    return a / 0\n\nprint('before')\ndivide(1)\n")
    click(page, "Run")
    expect(output(page)).to_contain_text("ZeroDivisionError", timeout=BOOT_TIMEOUT_MS)
    expect(output(page)).to_contain_text('File "your code", line 2, in divide')
    expect(output(page)).to_contain_text('File "your code", line 5')
    expect(output(page)).not_to_contain_text("engine")
    expect(output(page)).not_to_contain_text("_pyodide")
    marked = page.locator(".cm-error-line")
    expect(marked).to_have_count(1)
    expect(marked).to_have_text("    return a / 0")


def test_stop_interrupts_and_keeps_the_interpreter(page, site_url):
    open_lesson(page, site_url)
    wait_for_python(page)
    assert page.evaluate("crossOriginIsolated")
    set_code(page, "import time\nprint('started', flush=True)\nwhile True:\n    time.sleep(0.01)\n")
    click(page, "Run")
    expect(output(page)).to_contain_text("started", timeout=RUN_TIMEOUT_MS)
    statuses = []
    page.evaluate("""() => new MutationObserver(() => (window.__statuses ||= []).push(
        document.querySelector('.python-status').textContent)).observe(document.querySelector('.python-status'),
        {childList: true, characterData: true, subtree: true})""")
    click(page, "Stop")
    expect(output(page)).to_contain_text("KeyboardInterrupt", timeout=RUN_TIMEOUT_MS)
    statuses = page.evaluate("window.__statuses || []")
    assert "Restarting Python…" not in statuses
    a_right_check_passes(page)


def test_code_that_never_checks_for_interrupts_gets_a_new_worker(page, site_url):
    open_lesson(page, site_url)
    wait_for_python(page)
    set_code(page, "print('summing', flush=True)\nprint(sum(range(10**13)))\n")
    click(page, "Run")
    expect(output(page)).to_contain_text("summing", timeout=RUN_TIMEOUT_MS)
    click(page, "Stop")
    expect(output(page)).to_contain_text("Python was restarted", timeout=RUN_TIMEOUT_MS)
    wait_for_python(page)
    a_right_check_passes(page)


def test_the_time_limit_stops_runaway_code_by_itself(page, site_url):
    open_lesson(page, site_url)
    wait_for_python(page)
    set_code(page, "while True:\n    pass\n")
    click(page, "Run")
    expect(output(page)).to_contain_text("more than 10 s", timeout=20_000)
    wait_for_python(page)
    expect(page.get_by_role("button", name="Run")).to_be_enabled()


def test_on_a_host_without_headers_the_service_worker_isolates_the_page(browser, plain_host_url):
    context = browser.new_context()
    try:
        page = context.new_page()
        open_lesson(page, plain_host_url)
        page.wait_for_function("() => crossOriginIsolated", timeout=BOOT_TIMEOUT_MS)  # after one reload
        wait_for_python(page)
        set_code(page, "import time\nprint('started', flush=True)\nwhile True:\n    time.sleep(0.01)\n")
        click(page, "Run")
        expect(output(page)).to_contain_text("started", timeout=RUN_TIMEOUT_MS)
        click(page, "Stop")
        expect(output(page)).to_contain_text("KeyboardInterrupt", timeout=RUN_TIMEOUT_MS)
    finally:
        context.close()


def test_without_isolation_stop_replaces_the_worker_and_python_is_ready_again(browser, plain_host_url):
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        open_lesson(page, plain_host_url)
        wait_for_python(page)
        assert not page.evaluate("crossOriginIsolated")
        page.locator('[data-spare="ready"]').wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
        set_code(page, "print('looping', flush=True)\nwhile True:\n    pass\n")
        click(page, "Run")
        expect(output(page)).to_contain_text("looping", timeout=RUN_TIMEOUT_MS)
        click(page, "Stop")
        expect(output(page)).to_contain_text("Python was restarted", timeout=RUN_TIMEOUT_MS)
        wait_for_python(page, timeout=1_000)  # the warm spare takes over at once
        a_right_check_passes(page)
    finally:
        context.close()
