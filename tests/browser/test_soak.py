"""A soak: 200 Checks in a row, with the interpreter's and the page's memory bounded and no slowdown.

Memory is read where it lives, not from the renderer's resident size, which rises and falls by
tens of MB with garbage collection and the machine's load whether or not anything leaks."""

import re
import statistics

from playwright.sync_api import expect

from tests.browser.lesson import (RUN_TIMEOUT_MS, check_passes, click, open_lesson, output, right_solution,
                                  set_code, wait_for_python)

CHECKS = 200
TIME_CHECKS = """() => {
  window.__checkTimes = [];
  let started = 0;
  document.querySelector('[data-action="check"]').addEventListener('click', () => { started = performance.now(); }, true);
  new MutationObserver(() => {
    if (document.querySelector('.result .verdict')) window.__checkTimes.push(performance.now() - started);
  }).observe(document.querySelector('.result'), { childList: true });
}"""
# Run in the very interpreter that grades: what it holds after a collection. pyodide_js._module
# is Pyodide's Emscripten module; its heap is the worker's WebAssembly memory, which only grows.
MEMORY_PROBE = """import gc, sys, pyodide_js
gc.collect()
print("memory", len(gc.get_objects()), pyodide_js._module.HEAP8.length)
"""


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
    metrics = {metric["name"]: metric["value"] for metric in cdp.send("Performance.getMetrics")["metrics"]}
    return metrics["JSHeapUsedSize"] / 2**20


def test_two_hundred_checks_in_a_row(page, site_url):
    open_lesson(page, site_url)
    wait_for_python(page)
    page.locator('[data-spare="ready"]').wait_for(state="attached", timeout=RUN_TIMEOUT_MS)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")
    page.evaluate(TIME_CHECKS)
    memory = {}
    set_code(page, right_solution(page))
    for number in range(1, CHECKS + 1):
        check_passes(page)
        if number in (20, CHECKS):
            memory[number] = (*python_memory(page), page_heap_mb(cdp))
            set_code(page, right_solution(page))
    times = page.evaluate("() => window.__checkTimes")
    assert len(times) == CHECKS
    first, last = statistics.median(times[:20]), statistics.median(times[-20:])
    (objects_before, heap_before, page_before), (objects_after, heap_after, page_after) = memory[20], memory[CHECKS]
    print(f"\nsoak: {CHECKS} checks; median of the first 20 {first:.1f} ms, of the last 20 {last:.1f} ms; "
          f"after 20 and after {CHECKS} checks: Python objects {objects_before} and {objects_after}, "
          f"WebAssembly memory {heap_before:.0f} and {heap_after:.0f} MB, page heap {page_before:.1f} and {page_after:.1f} MB")
    assert last <= max(2 * first, first + 20), "Checks slowed down over the soak"
    assert objects_after <= objects_before * 1.01, "Python objects pile up from Check to Check"
    assert heap_after <= heap_before + 4, "the interpreter's memory kept growing over the soak"
    assert page_after <= page_before + 4, "the page's memory kept growing over the soak"
