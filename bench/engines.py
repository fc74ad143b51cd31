"""Ready time and Check time of lesson 8.6 in each engine, through the smoke suite's drivers.

    python -m bench.engines [--runs 5] [--engines chromium firefox webkit]

Ready: navigation → the Python status reads "Python ready", in the page's own clock (performance.now(),
polled every 10 ms, so up to 10 ms late); the first visit of a fresh browser (cold), then reloads (warm,
the service worker and HTTP cache filled). Check: from the click on Check to the verdict written, timed
in the page, with the reference solution in the editor. Prints medians; not part of make test."""

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

import build
from gradlab.server import serve_in_background
from tests.browser import smoke
from tests.browser.bidi_firefox import FirefoxOverBidi
from tests.browser.conftest import CHROMIUM_FLAGS
from tests.browser.find_chromium import find_chromium
from tests.browser.find_engines import MISSING, find_firefox, find_webkit
from tests.browser.lesson import BOOT_TIMEOUT_MS, LESSON, RUN_TIMEOUT_MS
from tests.browser.webdriver_webkit import WebKitOverWebDriver
from tests.corpus import lesson_exercise

READY_AT = smoke.step(
    """(timeoutMs) => until("Python ready", () => {
  const status = byLabel("status", "Python status");
  return status.textContent === "Python ready" && performance.now();
}, timeoutMs)"""
)
CHECK_TAKES = smoke.step(
    """async (code, timeoutMs) => {
  const result = byLabel("status", "Result");
  await setCode(code);
  let doneAt = 0;
  new MutationObserver(() => {
    if (!doneAt && /^(Passed|Not yet)/.test(result.textContent)) doneAt = performance.now();
  }).observe(result, { childList: true, characterData: true, subtree: true });
  const clickedAt = performance.now();
  button("Check").click();
  await until("a verdict", () => doneAt, timeoutMs);
  return { ms: doneAt - clickedAt, verdict: result.textContent.slice(0, 7) };
}"""
)


def open_engine(name, playwright):
    """A driver for engine name (Chromium through Playwright, the others as in the smoke suite)."""
    if name == "chromium":
        browser = playwright.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_FLAGS)
        return smoke.PlaywrightDriver(browser.new_page())
    found = {"firefox": find_firefox, "webkit": find_webkit}[name]()
    if not found:
        sys.exit(MISSING[name])
    return FirefoxOverBidi(found) if name == "firefox" else WebKitOverWebDriver(*found)


def measure(driver, url, solution, runs):
    """(cold ready ms, warm ready ms each run, Check ms each run) of one engine."""
    driver.goto(url)
    cold = driver.call(READY_AT, BOOT_TIMEOUT_MS)
    warm, checks = [], []
    for _ in range(runs):
        checks.append(driver.call(CHECK_TAKES, solution, RUN_TIMEOUT_MS))
        driver.reload()
        warm.append(driver.call(READY_AT, BOOT_TIMEOUT_MS))
    assert all(check["verdict"] == "Passed:" or check["verdict"].startswith("Passed") for check in checks), checks
    return cold, warm, [check["ms"] for check in checks]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--engines", nargs="+", default=["chromium", "firefox", "webkit"])
    args = parser.parse_args(argv)
    solution = lesson_exercise("8.6")[0]["solution"]
    with tempfile.TemporaryDirectory(prefix="gradlab-bench-") as scratch, sync_playwright() as playwright:
        site = Path(scratch) / "site"
        build.build_site(build.LESSONS_DIR, site)
        server = serve_in_background(site)
        host, port = server.server_address[:2]
        print(f"lesson 8.6, {args.runs} runs each; medians in ms")
        print(f"{'engine':<10}{'version':<12}{'ready cold':>12}{'ready warm':>12}{'Check':>10}")
        for name in args.engines:
            driver = open_engine(name, playwright)
            try:
                cold, warm, checks = measure(driver, f"http://{host}:{port}/{LESSON}", solution, args.runs)
            finally:
                version = getattr(driver, "version", None) or driver.page.context.browser.version
                driver.close()
            ready = statistics.median(warm)
            print(f"{name:<10}{version:<12}{cold:>12.0f}{ready:>12.0f}{statistics.median(checks):>10.0f}")
        server.shutdown()


if __name__ == "__main__":
    main()
