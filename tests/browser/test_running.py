"""Running code: output while it runs, floods, tracebacks in the learner's lines, Stop and the time limit."""

import re
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from grading.exercise import Exercise, all_cases
from tests.browser.lesson import (
    BOOT_TIMEOUT_MS,
    LESSON,
    PYTHON_WORKER,
    RUN_TIMEOUT_MS,
    a_right_check_passes,
    check_passes,
    click,
    finished,
    open_lesson,
    output,
    result,
    right_solution,
    saved_progress,
    set_code,
    two_frames,
    wait_for_python,
    wait_for_the_judge_and_the_spare,
    with_a_long_warm_up,
    with_time_limit,
)
from tests.corpus import lesson_exercise


def python_status(page):
    return page.get_by_role("status", name="Python status")


def record_python_statuses(page):
    """From now on, keep every text the Python status shows in window.__statuses."""
    page.evaluate("""() => new MutationObserver(() => (window.__statuses ||= []).push(
        document.querySelector('.python-status').textContent)).observe(document.querySelector('.python-status'),
        {childList: true, characterData: true, subtree: true})""")


def test_output_appears_while_the_code_runs(page, site_url):
    open_lesson(page, site_url)
    wait_for_python(page)
    set_code(
        page,
        "import time\nfor i in range(3):\n    print('tick', i)\n    t = time.time()\n    while time.time() - t < 0.5: pass\n",
    )
    click(page, "Run")
    expect(output(page)).to_contain_text("tick 0", timeout=RUN_TIMEOUT_MS)
    expect(page.get_by_role("button", name="Stop")).to_be_enabled()  # still running
    expect(output(page)).to_contain_text("tick 2", timeout=RUN_TIMEOUT_MS)
    expect(page.get_by_role("button", name="Stop")).to_be_disabled()


# What the exercise shows at each turn of the page's event loop (where a frame may be drawn) from now on.
RECORD_WHAT_IS_SHOWN = """() => {
  const exercise = document.querySelector(".exercise");
  const shown = () => ({
    checkEnabled: !exercise.querySelector('button[data-action="check"]').disabled,
    stopEnabled: !exercise.querySelector('button[data-action="stop"]').disabled,
    result: exercise.querySelector(".result").textContent,
    busy: exercise.querySelector(".result").getAttribute("aria-busy"),
    output: exercise.querySelector(".output").textContent,
  });
  window.shownStates = [];
  new MutationObserver(() => window.shownStates.push(shown()))
    .observe(exercise, { subtree: true, childList: true, attributes: true, characterData: true });
}"""


def pause_the_pages_timers(page):
    """From now on the page's timers wait for the test (page.clock.run_for); its workers and messages do not.
    The clock is its context's: the page must be in a context of its own (new_context), not `page`'s."""
    page.clock.install()
    page.clock.pause_at(time.time() + 1)


def test_a_check_that_ends_at_once_changes_the_page_once_with_its_verdict(new_context, site_url):
    page = new_context().new_page()
    open_lesson(page, site_url)
    wait_for_python(page)
    a_right_check_passes(page)
    before = page.evaluate("document.querySelector('.exercise .output').textContent")
    pause_the_pages_timers(page)  # however long the Check takes here, it ends before the page shows it running
    page.evaluate(RECORD_WHAT_IS_SHOWN)
    check_passes(page)
    states = page.evaluate("window.shownStates")
    # The result says it is being updated from the click to the verdict, so a screen reader waits for the new one.
    during = [state for state in states if state["busy"] == "true"]
    assert during and states[-1]["busy"] is None, states
    # Until its verdict, the page shows the last one, with its output; the buttons stay as they were throughout.
    assert all(state["result"].startswith("Passed") and state["output"] == before for state in during), states
    assert all(state["checkEnabled"] and not state["stopEnabled"] for state in states), states


def test_a_run_that_goes_on_shows_it_runs_after_a_tenth_of_a_second(new_context, site_url):
    page = new_context().new_page()
    open_lesson(page, site_url)
    wait_for_python(page)
    set_code(page, "print('the last run')")
    click(page, "Run")
    expect(output(page)).to_have_text("the last run", timeout=RUN_TIMEOUT_MS)
    pause_the_pages_timers(page)
    set_code(page, "import time\nprint('started', flush=True)\nwhile True:\n    time.sleep(0.01)\n")
    click(page, "Run")
    time.sleep(0.5)  # its print has come to the page by now, which keeps it until the run is shown
    stop = page.get_by_role("button", name="Stop")
    expect(output(page)).to_have_text("the last run")
    expect(stop).to_be_disabled()
    page.clock.run_for(100)
    expect(stop).to_be_enabled()
    expect(output(page)).to_have_text("started")
    click(page, "Stop")
    expect(output(page)).to_contain_text("Stopped (KeyboardInterrupt).", timeout=RUN_TIMEOUT_MS)


LOG_SCROLL = "log => ({ top: log.scrollTop, end: log.scrollHeight - log.clientHeight })"


def run_in_the_lesson(page, site_url, code):
    """Open the lesson, and Run code once Python is ready."""
    open_lesson(page, site_url)
    wait_for_python(page)
    set_code(page, code)
    click(page, "Run")


def test_the_output_shows_its_newest_line_unless_the_learner_scrolled_up_to_read(page, site_url):
    run_in_the_lesson(
        page,
        site_url,
        "import time\nfor i in range(150):\n    print('line', i)\n    time.sleep(0.02)\nprint('all done')\n",
    )
    expect(output(page)).to_contain_text("line 40", timeout=RUN_TIMEOUT_MS)
    log = page.locator(".output")
    # Lines keep arriving between the log's scroll and any look at it (a few, on a loaded machine): so the
    # log follows if, at some frame, it shows its end within a few lines.
    following = (
        "log => log.scrollHeight - log.clientHeight > 300 && log.scrollHeight - log.clientHeight - log.scrollTop < 100"
    )
    try:
        page.wait_for_function(following, arg=log.element_handle(), polling="raf", timeout=10_000)
    except PlaywrightTimeoutError:
        raise AssertionError(f"the log does not follow its output: {log.evaluate(LOG_SCROLL)}") from None
    log.evaluate("log => { log.scrollTop = 0; }")  # the learner scrolls up, to read the first lines
    expect(output(page)).to_contain_text("line 80", timeout=RUN_TIMEOUT_MS)
    two_frames(page)
    assert log.evaluate(LOG_SCROLL)["top"] == 0, "the log was scrolled away from what the learner was reading"
    log.evaluate("log => { log.scrollTop = log.scrollHeight; }")  # and back to its end: it follows again
    expect(output(page)).to_contain_text("all done", timeout=RUN_TIMEOUT_MS)
    two_frames(page)
    scroll = log.evaluate(LOG_SCROLL)
    assert scroll["end"] - scroll["top"] < 2, f"the newest line is not in view: {scroll}"


def test_a_million_prints_are_capped_and_the_page_stays_responsive(page, site_url):
    run_in_the_lesson(page, site_url, "for i in range(1_000_000):\n    print(i)\nprint('finished')\n")
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


COUNT_WORKERS = """window.workersStarted = 0;
const PageWorker = window.Worker;
window.Worker = class extends PageWorker {
  constructor(...args) { super(...args); window.workersStarted += 1; }
};"""


def test_a_reader_costs_one_interpreter_the_exercise_brings_the_judge_and_no_warm_spare(page, site_url):
    page.add_init_script(COUNT_WORKERS)
    open_lesson(page, site_url)
    wait_for_python(page)
    page.wait_for_timeout(3000)  # longer than a spare's delay after the judge, where a page keeps one
    assert page.evaluate("window.workersStarted") == 1, "more than the learner's interpreter booted for reading"
    page.get_by_role("heading", name="Build", exact=True).scroll_into_view_if_needed()
    status = page.get_by_role("status", name="Python status")
    expect(status).to_have_attribute("data-judge", "ready", timeout=BOOT_TIMEOUT_MS)
    # Stop interrupts here (the page is cross-origin isolated): a spare boots only when a Stop needs one.
    expect(status).to_have_attribute("data-spare", "when-needed", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_timeout(3000)
    assert page.evaluate("window.workersStarted") == 2
    a_right_check_passes(page)


# For each worker the page starts, whether its connect message brought a compiled WebAssembly.Module;
# where refuse is true, posting one fails, as in a browser that cannot clone it (the structured clone
# allows that).
WATCH_CONNECTS = """window.connectedWithWasm = [];
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (message, ...rest) {
  if (refuse && message?.wasm) throw new DOMException("WebAssembly.Module cannot be cloned here", "DataCloneError");
  if (message?.type === "connect") window.connectedWithWasm.push(message.wasm instanceof WebAssembly.Module);
  return post.call(this, message, ...rest);
};"""


def watch_webassembly(page, refuse_modules=False):
    """The page's fetches of Pyodide's WebAssembly, as they come; and window.connectedWithWasm watched."""
    page.add_init_script(f"const refuse = {str(refuse_modules).lower()};\n{WATCH_CONNECTS}")
    fetched = []
    page.on("request", lambda request: fetched.append(request.url) if "/pyodide.asm.wasm" in request.url else None)
    return fetched


def test_where_stop_interrupts_code_stuck_in_c_boots_a_new_interpreter_from_the_webassembly_compiled_first(
    page, site_url
):
    fetched = watch_webassembly(page)
    open_lesson(page, site_url)
    wait_for_python(page)
    wait_for_the_judge_and_the_spare(page)
    assert page.evaluate("window.connectedWithWasm") == [False, True]
    set_code(page, "print('summing', flush=True)\nprint(sum(range(10**13)))\n")
    click(page, "Run")
    expect(output(page)).to_contain_text("summing", timeout=RUN_TIMEOUT_MS)
    click(page, "Stop")  # stuck inside C: the interrupt is never read, so a new interpreter boots
    expect(output(page)).to_contain_text("Stopped. Python was restarted", timeout=RUN_TIMEOUT_MS)
    wait_for_python(page)
    assert page.evaluate("window.connectedWithWasm") == [False, True, True]
    assert len(fetched) == 1, fetched
    a_right_check_passes(page)
    assert page.evaluate("window.connectedWithWasm") == [False, True, True], "a spare was kept warm after all"


def test_where_a_module_cannot_reach_a_worker_each_worker_compiles_its_own(page, site_url):
    fetched = watch_webassembly(page, refuse_modules=True)
    open_lesson(page, site_url)
    wait_for_python(page)
    wait_for_the_judge_and_the_spare(page)
    assert page.evaluate("window.connectedWithWasm") == [False, False]
    assert len(fetched) == 2, fetched
    a_right_check_passes(page)


# Every message the page sends its workers, in order (its kind, id and how many ports it hands over), and
# the fields of each "done" it hears.
LOG_CHECK_MESSAGES = """window.toWorkers = [];
window.doneFields = [];
const send = MessagePort.prototype.postMessage;
MessagePort.prototype.postMessage = function (message, transfer = []) {
  if (typeof message?.type === "string") {
    window.toWorkers.push({ type: message.type, id: message.id ?? message.check, ports: transfer.length });
  }
  return send.call(this, message, transfer);
};
const hear = Object.getOwnPropertyDescriptor(MessagePort.prototype, "onmessage");
Object.defineProperty(MessagePort.prototype, "onmessage", {
  get() { return hear.get.call(this); },
  set(listener) {
    hear.set.call(this, (event) => {
      if (event.data?.type === "done") window.doneFields.push(Object.keys(event.data.result || {}).sort());
      listener(event);
    });
  },
});"""


SENT_KINDS = "window.toWorkers.map((message) => message.type)"
CHECK_KINDS = ("prepare", "judge", "learn")


def test_a_checks_cases_are_drawn_before_it_so_it_asks_the_judge_once(page, site_url):
    page.add_init_script(LOG_CHECK_MESSAGES)
    open_lesson(page, site_url)
    wait_for_python(page)
    set_code(page, right_solution(page))  # coming to the exercise has its cases drawn
    page.wait_for_function(f"{SENT_KINDS}.includes('prepare')", timeout=BOOT_TIMEOUT_MS)
    for _ in range(2):
        sent_before = page.evaluate(f"{SENT_KINDS}.length")
        check_passes(page, timeout=BOOT_TIMEOUT_MS)
        # Only what a Check asks for: the Explore's redraw with the learner's own curve, which each passing
        # Check brings about once the chart is near the viewport, may come at any time, on a busy machine
        # during the next Check.
        during = [kind for kind in page.evaluate(f"{SENT_KINDS}.slice({sent_before})") if kind in CHECK_KINDS]
        # judge (which takes the learner's runs over the Check's own channel), learn, and then (perhaps
        # already) the next Check's draw, while the learner reads the verdict
        assert during[:2] == ["judge", "learn"], during
        page.wait_for_function(f"{SENT_KINDS}.slice({sent_before}).includes('prepare')")


# In each of the page's workers: the kinds of the Check's channel messages it sends.
LOG_CHANNEL_MESSAGES = """() => {
  self.channelSent = [];
  const send = MessagePort.prototype.postMessage;
  MessagePort.prototype.postMessage = function (message, transfer) {
    if (message?.type === "run" || message?.type === "end") self.channelSent.push(message.type);
    return send.call(this, message, transfer);
  };
}"""


def test_the_learners_runs_go_to_the_judge_one_by_one_over_the_checks_own_channel_not_through_the_page(page, site_url):
    page.add_init_script(LOG_CHECK_MESSAGES)
    open_lesson(page, site_url)
    wait_for_python(page)
    wait_for_the_judge_and_the_spare(page)
    for worker in page.workers:
        worker.evaluate(LOG_CHANNEL_MESSAGES)
    a_right_check_passes(page)
    sent = {message["type"]: message for message in page.evaluate("window.toWorkers")}
    assert sent["judge"]["ports"] == 1 and sent["learn"]["ports"] == 1
    heard = page.evaluate("window.doneFields")
    assert ["clean"] in heard  # the learner's side: whether its interpreter is fit for the next run
    assert not [fields for fields in heard if "reply" in fields]
    # One worker, the learner's, sent a run for each case (the written ones and those drawn), then the end.
    cases = len(all_cases(Exercise.from_dict(lesson_exercise("8.6")[1])))
    channel = [kinds for kinds in (worker.evaluate("self.channelSent") for worker in page.workers) if kinds]
    assert cases > 1 and channel == [["run"] * cases + ["end"]]


def test_a_check_stopped_before_its_reply_abandons_its_verdict_and_the_next_check_passes(page, site_url):
    page.add_init_script(LOG_CHECK_MESSAGES)
    open_lesson(page, site_url)
    wait_for_python(page)
    wait_for_the_judge_and_the_spare(page)
    set_code(page, "print(sum(range(10**13)))\n")  # inside C: the worker is replaced, if it got that far
    click(page, "Check")
    # Once the Check's cases are drawn (ahead, unless the machine is slow) its two requests are sent.
    page.wait_for_function("window.toWorkers.some((message) => message.type === 'learn')")
    click(page, "Stop")
    expect(output(page)).to_contain_text(re.compile(r"Stopped(\. Python was restarted| \(KeyboardInterrupt\))"))
    sent = page.evaluate("window.toWorkers")
    verdict = next(message for message in sent if message["type"] == "judge")
    # The judge's worker was told that no reply will come, rather than left waiting for one.
    assert {"type": "abandon", "id": verdict["id"], "ports": 0} in sent
    wait_for_python(page)
    a_right_check_passes(page)


def test_stop_interrupts_and_keeps_the_interpreter(page, site_url):
    open_lesson(page, site_url)
    wait_for_python(page)
    wait_for_the_judge_and_the_spare(page)
    assert page.evaluate("crossOriginIsolated")
    set_code(page, "import time\nprint('started', flush=True)\nwhile True:\n    time.sleep(0.01)\n")
    click(page, "Run")
    expect(output(page)).to_contain_text("started", timeout=RUN_TIMEOUT_MS)
    record_python_statuses(page)
    click(page, "Stop")
    expect(output(page)).to_contain_text("Stopped (KeyboardInterrupt).", timeout=RUN_TIMEOUT_MS)
    assert "Restarting Python…" not in page.evaluate("window.__statuses || []")
    a_right_check_passes(page)


WINDS_UP_FOR_A_SECOND = """import time
print('started', flush=True)
try:
    while True:
        pass
finally:
    end = time.time() + 1
    while time.time() < end:
        pass
    print('wound up', flush=True)
"""


def test_code_that_takes_a_second_to_end_after_stop_keeps_the_interpreter(page, site_url):
    # Stop's grace is for Python to take the interrupt, not for the reply: what runs after it (here
    # a second of clean-up; always a traceback to format and graphs to take apart) is not "stuck".
    open_lesson(page, site_url)
    wait_for_python(page)
    wait_for_the_judge_and_the_spare(page)
    set_code(page, WINDS_UP_FOR_A_SECOND)
    click(page, "Run")
    expect(output(page)).to_contain_text("started", timeout=RUN_TIMEOUT_MS)
    record_python_statuses(page)
    click(page, "Stop")
    expect(output(page)).to_contain_text("wound up", timeout=RUN_TIMEOUT_MS)
    expect(output(page)).to_contain_text("Stopped (KeyboardInterrupt).", timeout=RUN_TIMEOUT_MS)
    assert "Restarting Python…" not in page.evaluate("window.__statuses || []")


def test_code_that_goes_on_after_its_interrupt_gets_a_new_worker(page, site_url):
    open_lesson(page, site_url)
    wait_for_python(page)
    set_code(
        page,
        "print('started', flush=True)\nwhile True:\n    try:\n        while True:\n            pass\n"
        "    except KeyboardInterrupt:\n        print('caught it', flush=True)\n",
    )
    click(page, "Run")
    expect(output(page)).to_contain_text("started", timeout=RUN_TIMEOUT_MS)
    click(page, "Stop")
    expect(output(page)).to_contain_text("caught it", timeout=RUN_TIMEOUT_MS)
    expect(output(page)).to_contain_text("Stopped. Python was restarted", timeout=RUN_TIMEOUT_MS)
    wait_for_python(page)
    a_right_check_passes(page)


def test_code_that_never_checks_for_interrupts_gets_a_new_worker(page, site_url):
    open_lesson(page, site_url)
    wait_for_python(page)
    set_code(page, "print('summing', flush=True)\nprint(sum(range(10**13)))\n")
    click(page, "Run")
    expect(output(page)).to_contain_text("summing", timeout=RUN_TIMEOUT_MS)
    record_python_statuses(page)
    click(page, "Stop")
    expect(output(page)).to_contain_text("Stopped. Python was restarted", timeout=RUN_TIMEOUT_MS)
    wait_for_python(page)
    # The worker is replaced no sooner than its spare, booted for the Stop, is ready: a worker starved of
    # the CPU meanwhile may still read the interrupt, and then keeps its interpreter.
    assert "Restarting Python…" not in page.evaluate("window.__statuses || []")
    a_right_check_passes(page)


def test_an_exercise_with_its_own_time_limit_is_stopped_at_that_limit(page, site_url):
    page.route(site_url + LESSON, with_time_limit(3))
    open_lesson(page, site_url)
    wait_for_python(page)
    set_code(page, "while True:\n    pass\n")
    started = time.monotonic()
    assert page.evaluate("crossOriginIsolated")
    click(page, "Run")
    expect(output(page)).to_contain_text("Stopped: your code ran for more than 3 s, the limit", timeout=RUN_TIMEOUT_MS)
    assert 3 <= time.monotonic() - started < 10
    wait_for_python(page)  # back by itself, as after any runaway code
    expect(page.get_by_role("button", name="Run")).to_be_enabled()


def test_the_time_limit_counts_from_when_python_is_ready_not_from_the_click(held_page):
    page, held = held_page
    page.route(held.url + LESSON, with_time_limit(3))
    open_lesson(page, held.url)
    set_code(page, "while True:\n    pass\n")
    click(page, "Check")
    expect(output(page)).to_contain_text("Python is still loading")
    page.wait_for_timeout(4000)  # longer than the limit: Python's boot is not the learner's time
    held.let_python_load()
    wait_for_python(page)
    ready = time.monotonic()
    # The judge's interpreter boots after the learner's: its boot is not counted either.
    expect(result(page)).to_contain_text(
        "Not yet: Stopped: your code ran for more than 3 s, the limit", timeout=RUN_TIMEOUT_MS
    )
    assert time.monotonic() - ready >= 2.5  # the test sees Python ready a moment after the page does


def page_with_a_long_warm_up(new_context):
    """A page whose learner's interpreter warms up for seconds (with_a_long_warm_up)."""
    page = new_context(service_workers="block").new_page()  # the offline copy would answer past the routes
    page.route(PYTHON_WORKER, with_a_long_warm_up)
    return page


def test_the_time_limit_does_not_count_the_wait_behind_pythons_warm_up(new_context, site_url):
    page = page_with_a_long_warm_up(new_context)
    page.route(site_url + LESSON, with_time_limit(1))
    open_lesson(page, site_url)
    set_code(page, "print('ran at once')\n")
    wait_for_python(page)
    clicked = time.monotonic()
    click(page, "Run")
    expect(output(page)).to_contain_text("ran at once", timeout=BOOT_TIMEOUT_MS)
    assert time.monotonic() - clicked > 1.5  # it did wait behind the warm-up, longer than the limit
    expect(output(page)).not_to_contain_text("Stopped")


def test_a_stop_pressed_while_python_warms_up_stops_the_run_waiting_behind_it(new_context, site_url):
    page = page_with_a_long_warm_up(new_context)
    open_lesson(page, site_url)
    set_code(page, "import time\nwhile True:\n    time.sleep(0.01)\n")
    wait_for_python(page)
    click(page, "Run")
    page.wait_for_timeout(500)  # the Run waits behind the warm-up, which the Stop then lands in
    click(page, "Stop")
    # Not "Python could not load" (the Stop raised out of the warm-up), nor "Stopped. Python was restarted"
    # 5 s later (the warm-up swallowed it and the loop ran on): the warm-up hands the Stop on to the Run.
    expect(output(page)).to_contain_text("Stopped (KeyboardInterrupt).", timeout=BOOT_TIMEOUT_MS)
    expect(python_status(page)).to_have_text("Python ready")
    expect(output(page)).not_to_contain_text("restarted")
    a_right_check_passes(page)


def test_stop_ends_a_check_that_is_still_waiting_for_python(held_page):
    page, held = held_page
    open_lesson(page, held.url)
    set_code(page, right_solution(page))
    click(page, "Check")
    expect(output(page)).to_contain_text("Python is still loading")
    click(page, "Stop")
    expect(result(page)).to_contain_text("Not yet: Stopped before a verdict was given.", timeout=5000)
    expect(page.get_by_role("button", name="Check")).to_be_enabled()
    held.let_python_load()
    wait_for_python(page)
    a_right_check_passes(page)


SNAPSHOT_BYTES_HELD_OFFLINE = """async () => {
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
            if (request.url.includes("/python.bin.")) return (await (await cache.match(request)).arrayBuffer()).byteLength;
        }
    }
    return null;
}"""


def test_on_a_host_without_headers_the_first_visit_never_reloads_and_later_ones_are_isolated(
    new_context, plain_host_url
):
    context = new_context(plain_host_url)
    first = context.new_page()
    loads = []
    first.on("load", lambda _: loads.append(first.url))
    open_lesson(first, plain_host_url)
    wait_for_python(first)
    assert not first.evaluate("crossOriginIsolated")
    # The service worker registers once Python is ready; the page goes on as it is (a reload would cut
    # off and start again every download in flight).
    first.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT_MS)
    first.wait_for_timeout(1000)
    assert len(loads) == 1, loads
    assert not first.evaluate("crossOriginIsolated")
    # The snapshot travels gzipped even from a host that compresses nothing (31 MB inflated). Read as the
    # offline copy received it: the boot fetches it itself only where the downlink makes that worth it.
    snapshot_bytes = first.evaluate(SNAPSHOT_BYTES_HELD_OFFLINE)
    assert snapshot_bytes is not None and snapshot_bytes < 10_000_000, snapshot_bytes
    page = context.new_page()
    open_lesson(page, plain_host_url)
    assert page.evaluate("crossOriginIsolated")
    wait_for_python(page)
    wait_for_the_judge_and_the_spare(page)
    set_code(page, "import time\nprint('started', flush=True)\nwhile True:\n    time.sleep(0.01)\n")
    click(page, "Run")
    expect(output(page)).to_contain_text("started", timeout=RUN_TIMEOUT_MS)
    click(page, "Stop")
    expect(output(page)).to_contain_text("Stopped (KeyboardInterrupt).", timeout=RUN_TIMEOUT_MS)


def test_without_isolation_stop_replaces_the_worker_and_python_is_ready_again(new_context, plain_host_url):
    context = new_context(plain_host_url, service_workers="block")
    page = context.new_page()
    open_lesson(page, plain_host_url)
    wait_for_python(page)
    assert not page.evaluate("crossOriginIsolated")
    wait_for_the_judge_and_the_spare(page)
    set_code(page, "print('looping', flush=True)\nwhile True:\n    pass\n")
    click(page, "Run")
    expect(output(page)).to_contain_text("looping", timeout=RUN_TIMEOUT_MS)
    record_python_statuses(page)
    click(page, "Stop")
    expect(output(page)).to_contain_text("Stopped. Python was restarted", timeout=RUN_TIMEOUT_MS)
    wait_for_python(page)
    # The warm spare takes over at once: the status goes straight back to ready, never to restarting.
    assert "Restarting Python…" not in page.evaluate("window.__statuses || []")
    a_right_check_passes(page)


# Run and Check begin as the button is pressed, and show once the press ends on it (static/page/press-start.js).
SAYS_WHEN_IT_BEGAN = "import time\nprint(f'began at {time.time() * 1000:.0f}')\n"


def began_at(page):
    """When the code that starts with SAYS_WHEN_IT_BEGAN began, by its output, in ms since the epoch."""
    return int(re.search(r"began at (\d+)", output(page).inner_text()).group(1))


def hold_the_space_bar(page, button):
    button.focus()
    page.keyboard.down(" ")
    page.keyboard.press("Shift")  # another key, pressed and let go meanwhile, does not end the press


PRESSES = {  # how a learner holds a button down, and lets it go: a mouse or a finger, or the space bar
    "pointer": (lambda page, button: (button.hover(), page.mouse.down()), lambda page: page.mouse.up()),
    "space bar": (hold_the_space_bar, lambda page: page.keyboard.up(" ")),
}


@pytest.mark.parametrize("press", PRESSES)
def test_a_check_begins_as_check_is_pressed_and_shows_once_the_press_ends_on_it(page, site_url, press):
    hold_down, let_go = PRESSES[press]
    open_lesson(page, site_url)
    wait_for_python(page)
    wait_for_the_judge_and_the_spare(page)
    set_code(page, SAYS_WHEN_IT_BEGAN + right_solution(page))
    hold_down(page, page.get_by_role("button", name="Check", exact=True))
    page.wait_for_timeout(1500)  # a long press, through which the Check ends
    # Nothing shows while the button is held: the learner may still slide off it.
    expect(result(page)).to_be_empty()
    expect(output(page)).to_be_empty()
    expect(page.get_by_role("button", name="Stop", exact=True)).to_be_disabled()
    released_at = page.evaluate("Date.now()")
    let_go(page)
    finished(page)
    expect(result(page)).to_contain_text(re.compile("^Passed"))
    assert began_at(page) < released_at


def slide_off(page, name):
    """Press the button, hold it, then slide off it to the page's corner and let go."""
    page.get_by_role("button", name=name, exact=True).hover()
    page.mouse.down()
    page.wait_for_timeout(500)
    page.mouse.move(1, 1)
    page.mouse.up()
    page.wait_for_timeout(500)


def test_a_press_that_slides_off_check_shows_nothing_and_stops_what_it_began(page, site_url):
    # A limit longer than the test's waits: a Run that waited behind the loop would never print.
    page.route(site_url + LESSON, with_time_limit(120))
    open_lesson(page, site_url)
    wait_for_python(page)
    wait_for_the_judge_and_the_spare(page)
    set_code(page, SAYS_WHEN_IT_BEGAN + right_solution(page))
    slide_off(page, "Check")
    # A Check that would pass, dropped: no verdict, no output, nothing saved as passed.
    expect(result(page)).to_be_empty()
    expect(output(page)).to_be_empty()
    assert not saved_progress(page)["exercises"]["residual_stack"].get("passed")
    set_code(page, "print('began', flush=True)\nwhile True:\n    pass\n")
    slide_off(page, "Run")
    expect(output(page)).to_be_empty()
    # The space bar held on Check while the focus moves on (Tab), then let go: the same.
    page.get_by_role("button", name="Check", exact=True).focus()
    page.keyboard.down(" ")
    page.wait_for_timeout(500)
    page.keyboard.press("Tab")
    page.keyboard.up(" ")
    page.wait_for_timeout(500)
    expect(result(page)).to_be_empty()
    expect(output(page)).to_be_empty()
    # The loops the presses began were stopped: a Run now runs.
    set_code(page, "print('next')\n")
    click(page, "Run")
    expect(output(page)).to_contain_text("next", timeout=RUN_TIMEOUT_MS)
    expect(output(page)).not_to_contain_text("began")
    expect(python_status(page)).to_have_text("Python ready")


# A Check is begun ahead as the learner pauses in their code, and shown at once when Check is clicked
# (static/page/press-start.js).
PAUSE_MS = 1500  # well past the pause that begins a Check ahead (400 ms), and the Check itself


def ready_to_check(page, site_url, time_limit_s=None):
    """Open the lesson (its exercise given time_limit_s, if any), with Python and the judge ready."""
    if time_limit_s is not None:
        page.route(site_url + LESSON, with_time_limit(time_limit_s))
    open_lesson(page, site_url)
    wait_for_python(page)
    wait_for_the_judge_and_the_spare(page)


def checked_ms_after_the_click(page):
    """Click Check on code that starts with SAYS_WHEN_IT_BEGAN, see it pass, and say how long after the
    click the code that gave its verdict began (less than 0: before it)."""
    clicked_at = page.evaluate("Date.now()")
    click(page, "Check")
    finished(page)
    expect(result(page)).to_contain_text(re.compile("^Passed"))
    return began_at(page) - clicked_at


def test_a_check_begun_as_the_learner_pauses_shows_its_verdict_when_check_is_clicked(page, site_url):
    ready_to_check(page, site_url)
    set_code(page, SAYS_WHEN_IT_BEGAN + right_solution(page))
    page.wait_for_timeout(PAUSE_MS)
    # Checked already, out of sight: nothing shows, and nothing is saved, until the learner clicks Check.
    expect(result(page)).to_be_empty()
    expect(output(page)).to_be_empty()
    assert not saved_progress(page)["exercises"]["residual_stack"].get("passed")
    assert checked_ms_after_the_click(page) < -PAUSE_MS / 2
    assert saved_progress(page)["exercises"]["residual_stack"]["passed"]


def test_code_changed_after_a_check_began_ahead_is_checked_as_it_now_is(page, site_url):
    ready_to_check(page, site_url)
    set_code(page, right_solution(page))
    page.wait_for_timeout(PAUSE_MS)  # checked ahead, and passed
    # A blank left unfilled again, clicked at once: the verdict is on the code as it now is.
    set_code(page, right_solution(page).replace("x = x + layer(x)", "x = layer(x)"))
    click(page, "Check")
    finished(page)
    expect(result(page)).to_contain_text(re.compile("^Not yet"))


# Loops only the first time it runs in its interpreter: a file written there before the loop says it has.
LOOPS_THE_FIRST_TIME = """import os
print('looping', flush=True)
if not os.path.exists('/tmp/looped'):
    open('/tmp/looped', 'w').close()
    while True:
        pass
"""


def test_a_check_begun_ahead_that_runs_on_is_let_go_and_the_click_checks_afresh(page, site_url):
    # A limit longer than the test's waits: a loop begun ahead and never let go would still be running.
    ready_to_check(page, site_url, time_limit_s=120)
    set_code(page, LOOPS_THE_FIRST_TIME + SAYS_WHEN_IT_BEGAN + right_solution(page))
    page.wait_for_timeout(3000)  # begun ahead after 0.4 s; let go after 2 s more of looping
    expect(page.get_by_role("button", name="Stop", exact=True)).to_be_disabled()
    assert checked_ms_after_the_click(page) >= 0
    assert output(page).inner_text().count("looping") == 1  # the loop's run was dropped, output and all
    expect(python_status(page)).to_have_text("Python ready")


def test_a_check_begun_ahead_is_let_go_as_the_learner_types_on(page, site_url):
    ready_to_check(page, site_url, time_limit_s=120)
    set_code(page, "print('looping', flush=True)\nwhile True:\n    pass\n")
    page.wait_for_timeout(1000)  # a Check begun ahead, looping
    # Typed on: the loop is let go at once, so the pause after the new code begins its own Check ahead.
    set_code(page, SAYS_WHEN_IT_BEGAN + right_solution(page))
    page.wait_for_timeout(PAUSE_MS)
    assert checked_ms_after_the_click(page) < -PAUSE_MS / 2
    expect(output(page)).not_to_contain_text("looping")


def test_code_changed_while_python_is_busy_is_checked_ahead_once_it_is_free(page, site_url):
    ready_to_check(page, site_url)
    set_code(page, "import time\ntime.sleep(1.5)\nprint('slept')\n")
    click(page, "Run")
    # Written while the Run goes on: the pause ends with Python busy, and the Check ahead waits for it.
    set_code(page, SAYS_WHEN_IT_BEGAN + right_solution(page))
    expect(output(page)).to_contain_text("slept", timeout=RUN_TIMEOUT_MS)
    page.wait_for_timeout(PAUSE_MS)
    assert checked_ms_after_the_click(page) < -PAUSE_MS / 2


def test_a_check_begun_ahead_that_its_time_limit_stopped_runs_afresh_in_sight_at_the_click(page, site_url):
    ready_to_check(page, site_url, time_limit_s=1)
    set_code(page, "while True:\n    pass\n")
    page.wait_for_timeout(PAUSE_MS + 500)  # begun ahead after 0.4 s, stopped by the limit a second later
    click(page, "Check")
    # Run again where the learner sees it: running, with Stop, until the limit stops it (the stopped run
    # begun ahead, shown at the click, would never have enabled Stop).
    expect(page.get_by_role("button", name="Stop", exact=True)).to_be_enabled()
    finished(page)
    expect(result(page)).to_contain_text("ran for more than 1 s")


def test_run_pressed_while_a_check_begun_ahead_waits_begins_as_it_is_pressed(page, site_url):
    ready_to_check(page, site_url)
    set_code(page, SAYS_WHEN_IT_BEGAN + right_solution(page))
    page.wait_for_timeout(PAUSE_MS)  # a Check begun ahead, ended, waiting for its click
    hold_down, let_go = PRESSES["pointer"]
    hold_down(page, page.get_by_role("button", name="Run", exact=True))
    page.wait_for_timeout(1000)
    released_at = page.evaluate("Date.now()")
    let_go(page)
    expect(output(page)).to_contain_text("began at")
    assert began_at(page) < released_at
    expect(result(page)).to_be_empty()  # the Check's verdict, never clicked for, is not shown
