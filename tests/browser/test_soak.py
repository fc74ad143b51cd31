"""A soak: 200 Checks in a row, with the page's memory bounded and no slowdown."""

import re
import statistics
from pathlib import Path

from tests.browser.conftest import BROWSER_MARKER
from tests.browser.lesson import (RUN_TIMEOUT_MS, check_passes, open_lesson, right_solution, set_code,
                                  wait_for_python)

CHECKS = 200
TIME_CHECKS = """() => {
  window.__checkTimes = [];
  let started = 0;
  document.querySelector('[data-action="check"]').addEventListener('click', () => { started = performance.now(); }, true);
  new MutationObserver(() => {
    if (document.querySelector('.result .verdict')) window.__checkTimes.push(performance.now() - started);
  }).observe(document.querySelector('.result'), { childList: true });
}"""


def renderer_memory_mb():
    """Resident memory of our Chromium's renderer processes (the page and its Python workers), in MB."""
    processes = {}
    for entry in Path("/proc").iterdir():
        try:
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            processes[int(entry.name)] = (parent, (entry / "cmdline").read_bytes(), entry)
        except (OSError, ValueError, IndexError):
            continue  # not a process, or one that ended meanwhile
    ours = {pid for pid, (_, command, _) in processes.items() if BROWSER_MARKER.encode() in command}
    grew = True
    while grew:  # every descendant of our browser: zygotes, then renderers
        family = {pid for pid, (parent, _, _) in processes.items() if parent in ours}
        grew = not family <= ours
        ours |= family
    total_kb = 0
    for pid in ours:
        _, command, entry = processes[pid]
        if b"--type=renderer" in command:
            try:
                total_kb += int(re.search(r"VmRSS:\s+(\d+)", (entry / "status").read_text()).group(1))
            except (OSError, AttributeError):
                continue
    return total_kb / 1024


def test_two_hundred_checks_in_a_row(page, site_url):
    open_lesson(page, site_url)
    set_code(page, right_solution(page))
    wait_for_python(page)
    page.locator('[data-spare="ready"]').wait_for(state="attached", timeout=RUN_TIMEOUT_MS)
    page.evaluate(TIME_CHECKS)
    memory = []
    for number in range(1, CHECKS + 1):
        check_passes(page)
        if number in (20, CHECKS):
            memory.append(renderer_memory_mb())
    times = page.evaluate("() => window.__checkTimes")
    assert len(times) == CHECKS
    first, last = statistics.median(times[:20]), statistics.median(times[-20:])
    print(f"\nsoak: {CHECKS} checks; median of the first 20 {first:.1f} ms, of the last 20 {last:.1f} ms; "
          f"renderer memory after 20 checks {memory[0]:.0f} MB, after {CHECKS} {memory[1]:.0f} MB")
    assert last <= max(2 * first, first + 20), "Checks slowed down over the soak"
    assert memory[1] - memory[0] <= 64, "memory kept growing over the soak"
