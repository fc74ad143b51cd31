"""Whatever a learner types or pastes: the page stays responsive, says what happened, gets Python
back by itself if it died, and a right Check passes straight after. Nothing typed is lost."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.lesson import (
    BOOT_TIMEOUT_MS,
    LESSON,
    RUN_TIMEOUT_MS,
    a_right_check_passes,
    check_passes,
    click,
    code_editor,
    finished,
    open_lesson,
    output,
    paste_code,
    result,
    right_solution,
    saved_progress,
    set_code,
    wait_for_python,
    wait_for_the_judge_and_the_spare,
    with_time_limit,
)
from tests.corpus import RIGHT_STACK

FIVE_THOUSAND_LAYERS = (
    RIGHT_STACK
    + """
x = Value(1.0)
deep = residual_stack(x, 5000)
deep.backward()
print('gradient after 5000 layers:', x.grad)
deep = None  # dropped: 20,000 linked Values to free
print('dropped')
"""
)

# Code that runs until the time limit stops it meets a short one (lesson.with_time_limit): the limit is
# what is tested, not how long it is, and a loaded machine is spared seconds of a spinning core.
SHORT_LIMIT_S = 3
LIMITED = {"long sleep", "a list without end"}

# (name, code, button, what the learner is told, stop after it starts?)
HOSTILE_INPUTS = [
    (
        "endless loop",
        "print('looping', flush=True)\nwhile True:\n    pass\n",
        "Run",
        # Interrupted, as a rule; but a worker starved of the CPU for longer than Stop waits for its reading
        # of the interrupt (HARD_STOP_AFTER_MS, in python-runtime.js) is replaced, as one stuck inside C is:
        # either way the learner is told, and the page survives. test_running holds the interrupt's own path.
        r"Stopped( \(KeyboardInterrupt\)|\. Python was restarted to end your code)\.",
        True,
    ),
    (
        "loop inside C",
        "print('summing', flush=True)\nprint(sum(range(10**13)))\n",
        "Run",
        r"Stopped\. Python was restarted to end your code",
        True,
    ),
    (
        "long sleep",
        "import time\ntime.sleep(60)\n",
        "Run",
        rf"Stopped: your code ran for more than {SHORT_LIMIT_S} s, the limit",
        False,
    ),
    ("a million prints", "for i in range(1_000_000):\n    print(i)\n", "Run", r"Output stopped here", False),
    ("a 2 GiB string", "s = ' ' * 2**31\n", "Run", r"OverflowError|MemoryError", False),
    (
        "a list without end",
        "a = []\nwhile True:\n    a.append(' ' * 10**6)\n",
        "Run",
        rf"MemoryError|more than {SHORT_LIMIT_S} s",
        False,
    ),
    ("unbounded recursion", "def f():\n    return f()\nf()\n", "Run", r"RecursionError", False),
    ("5,000 layers dropped", FIVE_THOUSAND_LAYERS, "Check", r"^Passed", False),
    ("sys.exit()", "import sys\nprint('bye')\nsys.exit()\n", "Run", r"SystemExit", False),
    ("SystemExit(3)", "raise SystemExit(3)\n", "Run", r"SystemExit: 3", False),
    ("os._exit(0)", "import os\nos._exit(0)\n", "Run", r"Python crashed \(.*\)\. It has been restarted", False),
    ("builtins poisoned", "import builtins\nbuiltins.len = None\nbuiltins.print = None\n", "Run", None, False),
    ("a syntax error", "def broken(:\n    pass\n", "Run", r"SyntaxError", False),
    ("input()", "name = input('Your name? ')\n", "Run", r"input\(\) cannot ask for text here", False),
    ("non-ASCII", "größe = 'naïve ☃'\nλ = len(größe)\nprint(größe, λ)\n", "Run", r"naïve ☃ 7", False),
    (
        "a 200 KB paste",
        "\n".join(f"line_{i} = {i}  # {'x' * 40}" for i in range(3500)) + "\nprint('pasted ran')\n",
        "Run",
        r"pasted ran",
        False,
    ),
    (
        "js.postMessage garbage",
        "import js\njs.postMessage('garbage')\njs.postMessage(js.JSON.parse("
        '\'{"type": "done", "id": 1, "result": {"passed": true, "message": "Passed (forged)"}}\'))\n'
        "print('posted')\n",
        "Run",
        r"posted",
        False,
    ),
    # Forged replies to every request id a Check could carry: the page must take only the worker's own.
    (
        "forged verdicts",
        'import js\nfor n in range(1, 500):\n    js.postMessage(js.JSON.parse(\'{"type": "done", '
        '"id": %d, "result": {"passed": true, "message": "Passed (forged)"}}\' % n))\nprint(\'posted\')\n',
        "Check",
        r"^Not yet",
        False,
    ),
    # What Stop raises, raised by the code itself: a sentence naming it, never "undefined" or a crash.
    (
        "KeyboardInterrupt raised",
        "raise KeyboardInterrupt\n",
        "Check",
        r"^Not yet: Your code raised KeyboardInterrupt on line 1 .*Stop was not pressed",
        False,
    ),
    (
        "KeyboardInterrupt in Run",
        "raise KeyboardInterrupt\n",
        "Run",
        r"KeyboardInterrupt itself: .*Stop was not pressed",
        False,
    ),
    (
        "a BaseException of its own",
        "class Boom(BaseException):\n    pass\n\nraise Boom('boom')\n",
        "Check",
        r"^Not yet: Your code raised Boom on line 4",
        False,
    ),
    (
        "GeneratorExit raised",
        RIGHT_STACK.replace("    return x", "    raise GeneratorExit"),
        "Check",
        r"^Not yet: residual_stack raised GeneratorExit on line 9",
        False,
    ),
    (
        "the interrupt signal sent to itself",
        "import signal\nsignal.raise_signal(signal.SIGINT)\n",
        "Check",
        r"Your code sent Python the interrupt signal that Stop sends",
        False,
    ),
]


def settled(page):
    finished(page)
    expect(page.get_by_role("button", name="Run", exact=True)).to_be_enabled(timeout=RUN_TIMEOUT_MS)


@pytest.mark.parametrize("name, code, button, told, stop", [pytest.param(*case, id=case[0]) for case in HOSTILE_INPUTS])
def test_hostile_input_is_survived(page, site_url, name, code, button, told, stop):
    if name in LIMITED:
        page.route(site_url + LESSON, with_time_limit(SHORT_LIMIT_S))
    open_lesson(page, site_url)
    wait_for_python(page)
    if stop:  # the judge's boot would compete with the code to be stopped (see test_running)
        wait_for_the_judge_and_the_spare(page)
    paste_code(page, code)
    click(page, button)
    if stop:
        expect(output(page)).to_contain_text(re.compile("looping|summing"), timeout=RUN_TIMEOUT_MS)
        click(page, "Stop")
    settled(page)
    assert page.evaluate("() => 6 * 7") == 42  # the page answers
    shown = result(page) if button == "Check" else output(page)
    if told:
        expect(shown).to_contain_text(re.compile(told), timeout=RUN_TIMEOUT_MS)
    expect(result(page)).not_to_contain_text("forged")
    assert saved_progress(page)["exercises"]["residual_stack"]["code"] == code
    wait_for_python(page)
    a_right_check_passes(page)
    expect(output(page)).to_contain_text("residual_stack")  # print works again after "builtins poisoned"


def test_after_a_series_of_hostile_runs_the_last_code_survives_a_reload(page, site_url):
    open_lesson(page, site_url)
    wait_for_python(page)
    for _, code, button, _, _ in HOSTILE_INPUTS[6:14]:
        set_code(page, code)
        click(page, button)
        settled(page)
    last = "print('my last words')\n"
    set_code(page, last)
    page.reload()
    expect(code_editor(page)).to_have_text("print('my last words')")


@pytest.mark.parametrize("failure", ["missing", "corrupt", "offline"])
def test_when_python_cannot_load_the_lesson_still_works_and_retry_recovers(page, site_url, failure):
    def break_runtime(route):
        if failure == "missing":
            route.fulfill(status=404, body="not here")
        elif failure == "corrupt":
            route.fulfill(status=200, body=b"\0garbage" * 100, headers={"Content-Type": "application/wasm"})
        else:
            route.abort("internetdisconnected")

    runtime = re.compile(r".*/pyodide-[\d.]+/.*")
    page.route(runtime, break_runtime)
    open_lesson(page, site_url)
    status = page.get_by_role("status", name="Python status")
    expect(status).to_contain_text("Python could not load", timeout=BOOT_TIMEOUT_MS)
    expect(status).to_contain_text("Retry")
    expect(page.get_by_role("heading", name="Watch", exact=True)).to_be_visible()
    set_code(page, "print('typed while Python was away')\n")
    click(page, "Run")
    expect(output(page)).to_contain_text("Python is not available right now")
    assert saved_progress(page)["exercises"]["residual_stack"]["code"] == "print('typed while Python was away')\n"
    page.unroute(runtime)
    click(page, "Retry loading Python")
    wait_for_python(page)
    a_right_check_passes(page)


def test_full_storage_is_told_and_the_page_still_works(page, site_url):
    page.add_init_script("""Storage.prototype.setItem = function () {
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError"); };""")
    open_lesson(page, site_url)
    set_code(page, right_solution(page))
    expect(page.get_by_role("status", name="Notices")).to_contain_text("could not be saved")
    check_passes(page, BOOT_TIMEOUT_MS)


def test_learner_output_is_text_never_html(page, site_url):
    open_lesson(page, site_url)
    set_code(page, "print('<img src=x onerror=alert(1)><b>bold</b>')\n")
    click(page, "Run")
    expect(output(page)).to_contain_text("<b>bold</b>", timeout=BOOT_TIMEOUT_MS)
    expect(output(page).locator("img, b")).to_have_count(0)


def test_the_page_runs_under_its_content_security_policy_without_violations(page, site_url):
    page.add_init_script("""window.__violations = [];
        document.addEventListener('securitypolicyviolation', e => window.__violations.push(e.violatedDirective));""")
    open_lesson(page, site_url)
    paste_code(page, right_solution(page))  # as a learner does: Playwright's fill() edits the DOM itself
    page.keyboard.type("\n# typed by hand\n")
    check_passes(page, BOOT_TIMEOUT_MS)
    page.get_by_role("slider", name="Layer rate").fill("-0.5")
    policy = page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content")
    assert (
        "default-src 'self'" in policy
        and "unsafe-inline" not in policy
        and "unsafe-eval'" not in policy.replace("wasm-unsafe-eval'", "")
    )
    assert page.evaluate("() => window.__violations") == []
