"""What headless Chromium measures: boot times, first paint, reading without JavaScript, Check, Stop, memory."""

import os
import statistics
import time
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

import build
from gradlab.course import read_course
from tests.browser.lesson import (
    BOOT_TIMEOUT_MS,
    LESSON,
    RUN_TIMEOUT_MS,
    click,
    output,
    right_solution,
    set_code,
    wait_for_python,
)
from tests.corpus import lesson_exercise

CHECKS = 20
# Before a lesson's Checks: the interpreters have booted, and the learner's warms its engine up for a while
# on this machine's two cores. A learner writing their code leaves the page that long and longer.
SETTLE_BEFORE_CHECKS_S = 2.0
# A learner's Check: an edit, then the move from the editor to Check, in which the page checks ahead (the
# pause that begins it, static/page/exercise.js, is 0.4 s). A second is an unhurried mouse.
PAUSE_BEFORE_CHECK_S = 1.0
WARM_SETTLE_S = 1.0  # lets the HTTP cache finish writing, and reloads before the lesson boots its spare (1.5 s)
STATUS = '.exercise [aria-label="Python status"], body > [aria-label="Python status"]'
INTERRUPTIBLE_LOOP = "import time\nprint('go', flush=True)\nwhile True:\n    time.sleep(0.01)\n"
LOOP_INSIDE_C = "print('go', flush=True)\nprint(sum(range(10**13)))\n"
MB = 1024 * 1024

# Runs in every page before its own scripts: notes when the Python status first reads "Python ready"
# (or says Python failed), in the page's own clock, which starts at navigation.
READY_WATCH = """
new MutationObserver((_, observer) => {
  const status = document.querySelector('[aria-label="Python status"]');
  const text = status ? status.textContent : "";
  if (text === "Python ready") window.benchReadyMs = performance.now();
  else if (text.startsWith("Python could not")) window.benchFailed = text;
  else return;
  observer.disconnect();
}).observe(document, { childList: true, subtree: true, characterData: true });
"""
BOOT_SAMPLE = """() => ({
  ready_ms: window.benchReadyMs,
  fcp_ms: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
  load_pyodide_ms: window.benchBoot?.loadMs ?? null,
  pyodide_version: window.benchBoot?.version ?? null,
})"""
# Times, in the page, from a click on the button to the first change that makes the target's text
# match: Playwright's own round trips stay out of the figure. paintedMs: to the frame that shows the change,
# drawn (a task queued from the next animation frame runs once that frame's style, layout and paint are
# done), which is when a learner can see it.
STOPWATCH = """([buttonName, targetSelector, pattern, timeoutMs]) => {
  const button = [...document.querySelectorAll(".exercise button")].find((b) => b.textContent.trim() === buttonName);
  const target = document.querySelector(targetSelector);
  const matches = new RegExp(pattern);
  const listening = new AbortController();
  // From the press: a run begins at its button's pointerdown (static/page/press-start.js), its click after.
  let clickedAt = null;
  for (const type of ["pointerdown", "click"]) {
    document.addEventListener(type, (event) => {
      if (button.contains(event.target)) clickedAt ??= performance.now();
    }, { capture: true, signal: listening.signal });
  }
  window.benchStopwatch = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (clickedAt === null || !matches.test(target.textContent)) return;
      observer.disconnect();
      const shown = { ms: performance.now() - clickedAt, text: target.textContent };
      requestAnimationFrame(() => setTimeout(() => finish({ ...shown, paintedMs: performance.now() - clickedAt })));
    });
    const timer = setTimeout(() => finish({ timedOut: true, text: target.textContent }), timeoutMs);
    function finish(outcome) {
      observer.disconnect();
      listening.abort();
      clearTimeout(timer);
      resolve(outcome);
    }
    observer.observe(target, { childList: true, subtree: true, characterData: true });
  });
}"""


class BenchError(Exception):
    """A measurement could not be taken; the message says which, and what the page showed."""


def measure_boots(browser, site_url, bare_page, runs, samples, progress):
    """Bare and lesson boots, cold then warm, into samples: interleaved, so that both see the same machine."""
    samples.update({"bare": {"cold": [], "warm": []}, "lesson": {"cold": [], "warm": []}})
    for run in range(runs):
        for name, path in (("bare", bare_page), ("lesson", LESSON)):
            progress(f"boot {run + 1}/{runs}: {name} page, cold and warm")
            cold, warm = boot_cold_then_warm(browser, site_url + path)
            samples[name]["cold"].append(cold)
            samples[name]["warm"].append(warm)


def boot_cold_then_warm(browser, url):
    """Open url in a fresh context (empty cache), wait for Python, then reload it and wait again."""
    context = browser.new_context()
    try:
        context.add_init_script(READY_WATCH)
        page = context.new_page()
        page.goto(url, timeout=BOOT_TIMEOUT_MS)
        cold = read_boot(page)
        cold["memory"] = memory_now(context, page)
        time.sleep(WARM_SETTLE_S)
        page.reload(timeout=BOOT_TIMEOUT_MS)
        return cold, read_boot(page)
    finally:
        context.close()


def read_boot(page):
    """Wait until the page's Python status says ready; return its boot figures."""
    try:
        # A function, not an expression: Playwright would eval() an expression, which the site's CSP forbids.
        page.wait_for_function(
            "() => window.benchReadyMs !== undefined || window.benchFailed", timeout=BOOT_TIMEOUT_MS, polling=100
        )
    except PlaywrightTimeoutError:
        raise BenchError(
            f"{page.url}: Python was not ready after {BOOT_TIMEOUT_MS / 1000:.0f} s; "
            f"its status reads {status_text(page)!r}"
        ) from None
    failed = page.evaluate("window.benchFailed")
    if failed:
        raise BenchError(f"{page.url}: {failed}")
    return page.evaluate(BOOT_SAMPLE)


def status_text(page):
    return page.locator(STATUS).first.text_content(timeout=5_000)


def readable_without_js(browser, site_url):
    """Whether the lesson's text and its five section headings show with JavaScript off."""
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(site_url + LESSON, timeout=BOOT_TIMEOUT_MS)
        sections = [section.title for section in read_course(build.LESSONS_DIR / "course.toml", []).sections]
        missing = [
            f"heading {title!r}"
            for title in sections
            if not page.get_by_role("heading", name=title, exact=True).first.is_visible()
        ]
        opening = page.locator("article.lesson > p").first
        if not opening.is_visible() or not opening.inner_text().strip():
            missing.append("the lesson's opening paragraph")
        return {
            "readable": not missing,
            "missing": missing,
            "visible_text_chars": len(page.locator("article.lesson").inner_text()),
        }
    finally:
        context.close()


def measure_lesson_session(browser, site_url, runs, session, progress):
    """One learner's visit, into session: what the page loads, memory, then Check and Stop, timed in the page."""
    context = browser.new_context()
    try:
        loaded = []
        context.on("request", lambda request: loaded.append(request.url) if request.service_worker is None else None)
        page = context.new_page()
        page.goto(site_url + LESSON, timeout=BOOT_TIMEOUT_MS)
        wait_for_python(page)
        session["requests_until_ready"] = list(loaded)
        session["memory_ready"] = memory_now(context, page)
        progress("lesson page: the Build section comes into view (the editor, the judge, the spare)")
        before = len(loaded)
        session["editor_arrival_ms"] = page.evaluate(EDITOR_ARRIVAL)
        session["editor_on_demand"] = [url for url in loaded[before:] if url.endswith(".js")]
        page.locator('.exercise [data-judge="ready"]').first.wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
        session["memory_with_judge"] = memory_now(context, page)
        session["spare"] = wait_for_spare(page)
        session["memory_with_spare"] = memory_now(context, page)
        progress(f"lesson page: Check → verdict, {CHECKS} times")
        set_code(page, right_solution(page))
        session["check_ms"], session["check_painted_ms"] = [], []
        for _ in range(CHECKS):
            elapsed, painted = time_check(page)
            session["check_ms"].append(elapsed)
            session["check_painted_ms"].append(painted)
        progress(f"lesson page: Stop, {runs} interrupts then {runs} worker replacements")
        if not page.evaluate("crossOriginIsolated"):
            raise BenchError(
                f"{page.url} is not cross-origin isolated, so Stop cannot interrupt: "
                "check the isolation headers of gradlab.server"
            )
        set_code(page, INTERRUPTIBLE_LOOP)
        session["interrupt_ms"], session["interrupts_not_honoured"] = [], 0
        for _ in range(runs):
            # An interrupt not honoured in time makes the page replace the worker: a sample of another kind.
            elapsed, shown = time_stop(page, ".exercise .output", "KeyboardInterrupt|Python was restarted")
            if "KeyboardInterrupt" in shown:
                session["interrupt_ms"].append(elapsed)
            else:
                session["interrupts_not_honoured"] += 1
        set_code(page, LOOP_INSIDE_C)
        session["replacement_ms"] = []
        for _ in range(runs):
            wait_for_spare(page)
            session["replacement_ms"].append(time_stop(page, STATUS, "^Python ready$")[0])
    finally:
        context.close()


# From scrolling the Build section into view to CodeMirror in the page, in the page's own clock.
EDITOR_ARRIVAL = """async () => {
  const start = performance.now();
  document.querySelector(".exercise").scrollIntoView();
  while (!document.querySelector(".code-editor-host")) await new Promise((frame) => requestAnimationFrame(frame));
  return performance.now() - start;
}"""


def measure_checks_per_lesson(browser, site_url, lesson_pages, checks, progress):
    """({lesson id: milliseconds of each Check of its reference solution, to the verdict in the page, clicked
    again and again on the same code}, the same to the verdict painted, {lesson id: milliseconds of each of
    checks more, clicked PAUSE_BEFORE_CHECK_S after an edit (a comment line more), as a learner checks}), for
    every lesson with an exercise."""
    timings, painted, after_pause = {}, {}, {}
    for lesson_id, page_path in lesson_pages:
        progress(f"lesson {lesson_id}: Check → verdict, {checks} times on the same code, {checks} after an edit")
        context = browser.new_context()
        try:
            page = context.new_page()
            page.goto(site_url + page_path, timeout=BOOT_TIMEOUT_MS)
            wait_for_python(page)
            solution = lesson_exercise(lesson_id)[0]["solution"]
            set_code(page, solution)
            wait_for_spare(page)
            page.wait_for_timeout(SETTLE_BEFORE_CHECKS_S * 1000)
            timings[lesson_id], painted[lesson_id] = map(list, zip(*(time_check(page) for _ in range(checks))))
            after_pause[lesson_id] = []
            for edit in range(checks):
                set_code(page, f"{solution}\n# edit {edit}\n")
                page.wait_for_timeout(PAUSE_BEFORE_CHECK_S * 1000)
                after_pause[lesson_id].append(time_check(page)[0])
        finally:
            context.close()
    return timings, painted, after_pause


GRAPH_CASE = "depth 20, input 1 and layer rate 0.1"


def measure_graph_view(browser, site_url, times, progress, first_times=5):
    """Milliseconds from "Show your graph" to the graph in the page (8.6 at depth 20, folded): the first
    time on each of first_times fresh pages (the button clicked as soon as it is offered; one first draw
    alone is too noisy a figure on a shared machine), and times more on the last; and which files the
    view's code is (loaded at idle as the learner came to the exercise, or at the click if not by then)."""
    progress(f"lesson page: Show your graph at depth 20, first on {first_times} pages, then {times} times")
    firsts = []
    for page_number in range(first_times):
        timings, view_code = graph_view_timings(browser, site_url, times if page_number == first_times - 1 else 1)
        firsts.append(timings[0])
    return {"first_ms": statistics.median(firsts), "firsts_ms": firsts, "later_ms": timings[1:], "view_code": view_code}


def graph_view_timings(browser, site_url, times):
    """Milliseconds of times draws of the graph view in one fresh page of 8.6, and the view's code files."""
    context = browser.new_context()
    try:
        page = context.new_page()
        loaded = []
        page.on("request", lambda request: loaded.append(request.url))
        page.goto(site_url + LESSON, timeout=BOOT_TIMEOUT_MS)
        wait_for_python(page)
        set_code(page, right_solution(page))
        time_check(page)
        page.get_by_role("combobox", name="Case").select_option(label=GRAPH_CASE)
        timings = []
        for _ in range(times):
            page.locator(".exercise .graphs").first.evaluate("area => area.replaceChildren()")
            start_stopwatch(page, "Show your graph", ".exercise .graphs", "more layers like this")
            click(page, "Show your graph")
            timings.append(read_stopwatch(page, "Show your graph → drawn")[0])
        return timings, [url for url in loaded if "/static/graph-view." in url]
    finally:
        context.close()


def wait_for_spare(page):
    """Wait for the warm interpreter the page keeps to replace one that will not stop, or for the page to
    say it boots one only when a Stop needs it (where Stop interrupts); "warm" or "when-needed"."""
    settled = '.exercise [data-spare="ready"], .exercise [data-spare="when-needed"]'
    try:
        page.locator(settled).first.wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
    except PlaywrightTimeoutError:
        raise BenchError(
            f"{page.url}: the page's warm spare was not ready after {BOOT_TIMEOUT_MS / 1000:.0f} s "
            '(the status line\'s data-spare never read "ready" or "when-needed")'
        ) from None
    return "warm" if page.locator(settled).first.get_attribute("data-spare") == "ready" else "when-needed"


def time_check(page):
    """Milliseconds from clicking Check to a verdict starting with "Passed", the result cleared first: to the
    verdict in the page, and to the frame showing it painted."""
    page.locator(".exercise .result").first.evaluate("result => result.replaceChildren()")
    start_stopwatch(page, "Check", ".exercise .result", "^(Passed|Not yet)")
    click(page, "Check")
    elapsed, verdict, painted = read_stopwatch(page, "Check → verdict")
    if not verdict.startswith("Passed"):
        raise BenchError(f"Check did not pass the right solution: the page says {verdict!r}")
    return elapsed, painted


def time_stop(page, target, pattern):
    """Run the code in the editor; once it has printed, (milliseconds from Stop until target matches, its text).
    The last run's output is cleared first: its "go" would have Stop pressed before the run starts (while
    a new interpreter warms up, which stops the waiting run there and then)."""
    output(page).evaluate("output => output.replaceChildren()")
    click(page, "Run")
    expect(output(page)).to_contain_text("go", timeout=RUN_TIMEOUT_MS)
    start_stopwatch(page, "Stop", target, pattern)
    click(page, "Stop")
    elapsed = read_stopwatch(page, f"Stop → {pattern}")[:2]
    expect(page.get_by_role("button", name="Run", exact=True)).to_be_enabled(timeout=RUN_TIMEOUT_MS)
    return elapsed


def start_stopwatch(page, button, target, pattern):
    page.evaluate(STOPWATCH, [button, target, pattern, RUN_TIMEOUT_MS])


def read_stopwatch(page, what):
    outcome = page.evaluate("window.benchStopwatch")
    if outcome.get("timedOut"):
        raise BenchError(f"{what}: nothing after {RUN_TIMEOUT_MS / 1000:.0f} s; the page shows {outcome['text']!r}")
    return outcome["ms"], outcome["text"], outcome["paintedMs"]


def memory_now(context, page):
    """The page's main-thread JS heap (CDP), and the proportional memory (PSS) of this browser's processes."""
    cdp = context.new_cdp_session(page)
    try:
        cdp.send("Performance.enable")
        metrics = {metric["name"]: metric["value"] for metric in cdp.send("Performance.getMetrics")["metrics"]}
    finally:
        cdp.detach()
    processes = chromium_processes()
    renderers = [pss for pss, command in processes if "--type=renderer" in command]
    return {
        "js_heap_used_mb": metrics["JSHeapUsedSize"] / MB,
        # The page, its workers and their interpreters live in one renderer, the largest by far.
        "page_renderer_pss_mb": max(renderers, default=0) / MB,
        "all_renderers_pss_mb": sum(renderers) / MB,
        "chromium_pss_mb": sum(pss for pss, _ in processes) / MB,
    }


def chromium_processes():
    """(PSS in bytes, command line) of each Chromium process this benchmark started, and no one else's."""
    parents = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            # The command name in field 2 may hold spaces; the parent id comes right after its ")".
            parents[int(stat.parent.name)] = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue  # the process ended while we looked
    ours, found = {os.getpid()}, True
    while found:
        found = {pid for pid, parent in parents.items() if parent in ours and pid not in ours}
        ours |= found
    processes = []
    for pid in ours:
        try:
            command = Path(f"/proc/{pid}/cmdline").read_text().replace("\0", " ")
            rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
        except OSError:
            continue
        # Every Chromium process, and only those, carries the profile folder Playwright gave it.
        if "--user-data-dir=" in command:
            pss_kb = next(int(line.split()[1]) for line in rollup.splitlines() if line.startswith("Pss:"))
            processes.append((pss_kb * 1024, command))
    return processes
