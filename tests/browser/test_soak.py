"""A soak: hundreds of Checks in a row, with the interpreter's and the page's memory bounded and no slowdown.

Memory is read where it lives, not from the renderer's resident size, which rises and falls by
tens of MB with garbage collection and the machine's load whether or not anything leaks.

Speed is compared between stretches of many Checks, the last against the first, never against a
budget; and as the processor time the page and its Python worker spend per Check (Chromium's
ProcessTime for the page's renderer), which other programs on a busy machine do not inflate as
they do the time to each verdict: that one swings by a factor of two and more from minute to
minute on a loaded 2-core machine, and is printed only."""

import re
import statistics

from playwright.sync_api import expect

from tests.browser.lesson import (
    RUN_TIMEOUT_MS,
    click,
    open_lesson,
    output,
    right_solution,
    set_code,
    wait_for_python,
    wait_for_the_judge_and_the_spare,
)

WARM_UP = 20  # first-time costs (compiling the exercise, caching the reference's runs) are not a slowdown
CHECKS = 200
STRETCH = 60  # the Checks compared at each end
SLOWDOWN_ALLOWED = 1.5
# Clicks Check count times, as a learner would, each as soon as the last verdict is shown; returns
# the time from each click to its verdict and what each verdict said.
CHECK_IN_A_ROW = """async (count) => {
  const button = document.querySelector('[data-action="check"]');
  const result = document.querySelector('.result');
  const times = [], verdicts = [];
  for (let i = 0; i < count; i++) {
    const shown = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        const verdict = result.querySelector('.verdict');
        if (verdict) { observer.disconnect(); resolve(verdict.textContent); }
      });
      observer.observe(result, { childList: true });
    });
    const started = performance.now();
    button.click();
    verdicts.push(await shown);
    times.push(performance.now() - started);
  }
  return { times, verdicts };
}"""
# Run in the very interpreter that grades: what it holds after a collection. pyodide_js._module
# is Pyodide's Emscripten module; its heap is the worker's WebAssembly memory, which only grows.
MEMORY_PROBE = """import gc, sys, pyodide_js
gc.collect()
print("memory", len(gc.get_objects()), pyodide_js._module.HEAP8.length)
"""


def check_in_a_row(page, cdp, count):
    """Check the right solution count times: (the time to each verdict, the processor time per Check), in ms."""
    set_code(page, right_solution(page))
    processor_before = metric(cdp, "ProcessTime")
    checks = page.evaluate(CHECK_IN_A_ROW, count)
    processor_per_check = (metric(cdp, "ProcessTime") - processor_before) * 1000 / count
    failed = [verdict for verdict in checks["verdicts"] if not verdict.startswith("Passed")]
    assert not failed, f"{len(failed)} of {count} Checks of the right solution did not pass: {failed[0]}"
    return checks["times"], processor_per_check


def metric(cdp, name):
    """One of Chromium's performance metrics for the page (Performance.enable has been sent)."""
    return next(m["value"] for m in cdp.send("Performance.getMetrics")["metrics"] if m["name"] == name)


def python_memory(page):
    """The worker's Python objects alive after a collection, and its WebAssembly memory in MB."""
    set_code(page, MEMORY_PROBE)
    click(page, "Run")
    printed = re.compile(r"memory (\d+) (\d+)")
    expect(output(page)).to_contain_text(printed, timeout=RUN_TIMEOUT_MS)
    objects, heap_bytes = map(int, printed.search(output(page).inner_text()).groups())
    return objects, heap_bytes / 2**20


def page_heap_mb(cdp):
    """The page's JavaScript heap in use after a full garbage collection."""
    cdp.send("HeapProfiler.collectGarbage")
    return metric(cdp, "JSHeapUsedSize") / 2**20


def test_hundreds_of_checks_in_a_row(page, site_url):
    open_lesson(page, site_url)
    wait_for_python(page)
    wait_for_the_judge_and_the_spare(page)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")
    check_in_a_row(page, cdp, WARM_UP)
    objects_before, heap_before, page_before = (*python_memory(page), page_heap_mb(cdp))
    first_times, first_processor = check_in_a_row(page, cdp, STRETCH)
    check_in_a_row(page, cdp, CHECKS - 2 * STRETCH)
    last_times, last_processor = check_in_a_row(page, cdp, STRETCH)
    objects_after, heap_after, page_after = (*python_memory(page), page_heap_mb(cdp))
    print(
        f"\nsoak: {CHECKS} checks after {WARM_UP}; the first {STRETCH} and the last {STRETCH}: processor time "
        f"{first_processor:.1f} and {last_processor:.1f} ms per Check, median time to the verdict "
        f"{statistics.median(first_times):.1f} and {statistics.median(last_times):.1f} ms; "
        f"Python objects {objects_before} and {objects_after}, WebAssembly memory {heap_before:.0f} and "
        f"{heap_after:.0f} MB, page heap {page_before:.1f} and {page_after:.1f} MB"
    )
    assert last_processor <= SLOWDOWN_ALLOWED * first_processor, (
        f"Checks slowed down over the soak: {last_processor:.0f} ms of processor time each at the end, "
        f"{first_processor:.0f} ms at the start"
    )
    assert objects_after <= objects_before * 1.01, "Python objects pile up from Check to Check"
    assert heap_after <= heap_before + 4, "the interpreter's memory kept growing over the soak"
    assert page_after <= page_before + 4, "the page's memory kept growing over the soak"
