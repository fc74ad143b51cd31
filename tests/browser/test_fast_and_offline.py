"""Python from the build's memory snapshot (with a fallback), Run before Python is ready, and offline visits."""

import re

from playwright.sync_api import expect

from bench import slow_network
from tests.browser.lesson import (
    BOOT_TIMEOUT_MS,
    LESSON,
    WATCH_SHIFTS,
    check_passes,
    click,
    code_editor,
    open_lesson,
    output,
    right_solution,
    set_code,
    two_frames,
    wait_for_python,
)

BOOT_STDLIB = re.compile(r"/python_stdlib_boot\.[0-9a-f]{10}\.zip$")


def requested_paths(page):
    paths = []
    page.on("request", lambda request: paths.append(request.url))
    return paths


def on_a_fast_link(page_or_context, built_site):
    """Pyodide's WebAssembly served from memory. A first visit downloads the snapshot only where the
    WebAssembly's first megabyte arrives fast enough (pyodide-boot.js); from the tests' own server, on a
    loaded host, it once came slower than that, and the page rightly booted without the snapshot. (With a
    route, Playwright turns the HTTP cache off: the judge's interpreter cannot find the snapshot there.)"""
    wasm_gz = next(built_site.rglob("pyodide.asm.wasm.gz")).read_bytes()
    page_or_context.route("**/pyodide.asm.wasm.gz", lambda route: route.fulfill(status=200, body=wasm_gz))


def first_visit(new_context):
    """A page of a context of its own: nothing in its HTTP cache, as on a learner's first visit (the
    `page` fixture's context keeps the files of the tests before)."""
    return new_context().new_page()


def test_python_boots_from_the_snapshot_without_unpacking_the_wheel(new_context, site_url, built_site):
    page = first_visit(new_context)
    on_a_fast_link(page, built_site)
    warnings = []
    page.on("console", lambda message: warnings.append(message.text) if message.type == "warning" else None)
    paths = requested_paths(page)
    open_lesson(page, site_url)
    wait_for_python(page)
    assert any(re.search(r"/python\.bin\.[0-9a-f]{10}\.gz$", path) for path in paths)
    assert not any(path.endswith(".whl") for path in paths), warnings
    # WebAssembly travels as its .gz copy (3.5 MB of 9.6), from a host that compresses or not.
    assert any(path.endswith("/pyodide.asm.wasm.gz") for path in paths)
    assert not any(path.endswith("/pyodide.asm.wasm") for path in paths)


def test_a_host_that_decodes_the_gzip_itself_still_boots_python(new_context, site_url, built_site):
    page = first_visit(new_context)
    # Some hosts send a .gz file with Content-Encoding: gzip, so the browser hands over plain bytes.
    wasm = next(built_site.rglob("pyodide.asm.wasm")).read_bytes()
    page.route("**/pyodide.asm.wasm.gz", lambda route: route.fulfill(status=200, body=wasm))
    paths = requested_paths(page)
    open_lesson(page, site_url)
    wait_for_python(page)
    # The snapshot boot, not the fallback. (Asked before the judge's interpreter boots: with a route,
    # Playwright turns the HTTP cache off, so the judge cannot find the snapshot kept there.)
    assert not any(path.endswith(".whl") for path in paths)
    set_code(page, right_solution(page))
    check_passes(page, timeout=BOOT_TIMEOUT_MS)


def test_a_snapshot_that_cannot_load_falls_back_to_a_normal_boot(new_context, site_url):
    page = first_visit(new_context)
    page.route(
        re.compile(r".*/python\.bin\.[0-9a-f]{10}\.gz$"),
        lambda route: route.fulfill(status=200, body=b"not a snapshot"),
    )
    paths = requested_paths(page)
    open_lesson(page, site_url)
    set_code(page, right_solution(page))
    wait_for_python(page)
    assert any(path.endswith(".whl") for path in paths)
    assert any(BOOT_STDLIB.search(path) for path in paths)  # the part of the standard library a boot needs
    check_passes(page)
    # A module of the rest is there all the same, found when it is first imported.
    set_code(page, "import statistics\nprint('the median is', statistics.median([3, 1, 2]))\n")
    click(page, "Run")
    expect(output(page)).to_contain_text("the median is 2", timeout=BOOT_TIMEOUT_MS)


# Every text the download's bar shows, noted as the page changes it.
DOWNLOAD_WATCH = """
window.downloadTexts = [];
new MutationObserver(() => {
  const box = document.querySelector(".exercise .python-download");
  if (box && !box.hidden) window.downloadTexts.push(box.textContent);
}).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
"""


def test_the_python_status_shows_the_download_in_megabytes_until_python_is_ready(new_context, site_url, built_site):
    # A narrow phone, opened at the Build section: the bar shares the status's line and nothing moves.
    context = new_context(viewport={"width": 320, "height": 2400})
    on_a_fast_link(context, built_site)
    context.add_init_script(DOWNLOAD_WATCH)
    context.add_init_script(f"({WATCH_SHIFTS})(true)")
    page = context.new_page()
    page.goto(site_url + LESSON + "#build")
    wait_for_python(page)
    texts = page.evaluate("window.downloadTexts")
    amounts = [re.fullmatch(r" ?(\d+\.\d) of (\d+\.\d) MB", text) for text in texts]
    assert texts and all(amounts), texts
    loaded, total = (float(n) for n in amounts[-1].groups())
    # WebAssembly (3.5 MB gzipped), the snapshot (6.2 MB gzipped) and the standard library (2.5 MB),
    # each counted once: about 12.5 MB.
    assert 11 < loaded <= total < 14, texts
    expect(page.locator(".exercise .python-download")).to_be_hidden()
    expect(page.get_by_role("progressbar", name="Python download")).to_have_count(0)
    code_editor(page)
    two_frames(page)
    assert page.evaluate("window.shifts") == []


def test_run_before_python_is_ready_shows_progress_then_runs(held_page):
    page, held = held_page
    open_lesson(page, held.url)
    set_code(page, "print('ran once ready')\n")
    click(page, "Run")
    expect(output(page)).to_contain_text("Python is still loading")
    expect(page.get_by_role("button", name="Stop")).to_be_enabled()  # the run waits; it was not dropped
    held.let_python_load()
    expect(output(page)).to_contain_text("ran once ready", timeout=BOOT_TIMEOUT_MS)
    expect(output(page)).not_to_contain_text("more than 10 s")


def test_the_second_visit_works_with_the_network_off(new_context, site_url):
    context = new_context()
    page = context.new_page()
    open_lesson(page, site_url)
    wait_for_python(page)
    # The service worker takes control once it has cached the whole site and runtime.
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT_MS)
    context.set_offline(True)
    page.reload()
    expect(page.get_by_role("heading", name="Watch", exact=True)).to_be_visible()
    set_code(page, right_solution(page))
    wait_for_python(page)
    check_passes(page)
    page.goto(site_url)
    expect(page.get_by_role("link", name=re.compile("Residual connections"))).to_be_visible()


def test_caches_of_earlier_builds_are_dropped(new_context, site_url):
    context = new_context()
    page = context.new_page()
    open_lesson(page, site_url)
    page.evaluate("caches.open('gradlab-0123456789').then(cache => cache.put('stale', new Response('old build')))")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT_MS)
    names = page.evaluate("caches.keys()")
    assert len(names) == 1 and names[0].startswith("gradlab-") and names[0] != "gradlab-0123456789"


def test_the_offline_cache_is_set_up_even_where_python_cannot_start(new_context, site_url):
    context = new_context()
    context.route("**/python-worker.*.js", lambda route: route.abort())  # the worker never loads
    page = context.new_page()
    open_lesson(page, site_url)
    expect(page.get_by_role("button", name="Retry loading Python").first).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    # The lesson can still be read offline later: the service worker registers all the same.
    registered = "async () => Boolean(await navigator.serviceWorker.getRegistration())"
    for _ in range(100):
        if page.evaluate(registered):
            break
        page.wait_for_timeout(100)
    assert page.evaluate(registered), "no service worker registered within 10 s"


SNAPSHOT = re.compile(r"/python\.bin\.[0-9a-f]{10}\.gz$")


def test_a_slow_first_visit_boots_without_the_snapshot_and_the_next_visit_boots_from_the_kept_copy(
    new_context, built_site
):
    # 20 Mbit/s: the snapshot's 6.3 MB would take 2.5 s more, longer than the start-up it spares.
    server, downlink, base = slow_network.serve(built_site, 20, compress=False)
    try:
        context = new_context(site=base)
        page = context.new_page()
        paths = requested_paths(page)
        open_lesson(page, base)
        wait_for_python(page)
        assert not any(SNAPSHOT.search(path) for path in downlink.requested), downlink.requested
        assert any(path.endswith(".whl") for path in paths)  # a normal boot unpacks the engine's wheel
        # Of the standard library, only the part that start-up and the grader need: a third of it.
        assert any(BOOT_STDLIB.search(path) for path in downlink.requested), downlink.requested
        assert not any(path.endswith("/python_stdlib.zip") for path in downlink.requested), downlink.requested
        # The judge's interpreter, booting as the learner comes to the exercise, never downloads the
        # snapshot either: the only request for it is the service worker's, filling the offline copy.
        set_code(page, right_solution(page))
        check_passes(page, timeout=BOOT_TIMEOUT_MS)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT_MS)
        snapshot_requests = [path for path in downlink.requested if SNAPSHOT.search(path)]
        assert len(snapshot_requests) == 1, downlink.requested
        # The next visit boots from the kept copy: no wheel, and not a byte of the runtime from the host.
        runtime_before, paths[:] = downlink.counts()["runtime_bytes"], []
        page.reload()
        wait_for_python(page)
        assert not any(path.endswith(".whl") for path in paths), paths
        assert downlink.counts()["runtime_bytes"] == runtime_before
    finally:
        server.shutdown()
