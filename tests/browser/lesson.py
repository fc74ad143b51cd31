"""Driving lesson 8.6 the way a learner does, through the controls named in ui-contract.md."""

import json
import re

from playwright.sync_api import expect

LESSON = "8.6-residual-connections/index.html"
PROGRESS_KEY = "gradlab:progress:8.6"
BLANK = "x = layer(x)  # TODO: keep x, and add what the layer makes of it"
BOOT_TIMEOUT_MS = 90_000
RUN_TIMEOUT_MS = 30_000


def lesson_folders(built_site):
    """Every lesson page's folder in a built site ("8.6-residual-connections", …), in reading order: by
    number, part by part (10.1 after 9.3)."""
    folders = [path.parent.name for path in built_site.glob("*/index.html") if path.parent.name[0].isdigit()]
    return sorted(folders, key=lambda folder: tuple(int(part) for part in folder.split("-")[0].split(".")))


def open_lesson(page, site_url):
    page.goto(site_url + LESSON)
    return page.get_by_role("textbox", name="Code editor")


def code_editor(scope):
    """The editor of the page (or of the exercise) scope as a learner coming to it finds it: CodeMirror,
    or the plain textarea where CodeMirror cannot come (offline, before the offline copy holds it). A
    touch brings it here (a pointerdown, which scrolls nothing and so marks no section as seen). Tests act
    on the editor only once that has settled: an action begun on the textarea would wait on it for ever
    once CodeMirror hides it."""
    plain = scope.locator("textarea.code-editor")
    if plain.get_attribute("data-editor") != "codemirror":
        plain.dispatch_event("pointerdown")
    expect(plain).not_to_have_attribute("data-editor", "loading", timeout=RUN_TIMEOUT_MS)
    return scope.get_by_role("textbox", name="Code editor")


def wait_for_the_judge_and_the_spare(page):
    """Wait until the page has booted what Check and Stop need: the judge's interpreter, then the spare
    where the page keeps one warm (a host without cross-origin isolation, where Stop cannot interrupt);
    where Stop interrupts, the page says instead that it boots one only when a Stop needs it. Both boot
    once the learner comes to the exercise (here by a touch: code_editor). A boot takes a core, and an
    interrupt that a starved worker does not read within 300 ms makes the page restart Python instead."""
    code_editor(page)
    page.locator('[data-spare="ready"], [data-spare="when-needed"]').first.wait_for(
        state="attached", timeout=BOOT_TIMEOUT_MS
    )


def starter_code(page):
    """The exercise's starter, as the page was built with it."""
    return page.locator("textarea.code-editor").evaluate("textarea => textarea.defaultValue")


def right_solution(page):
    return starter_code(page).replace(BLANK, "x = x + layer(x)")


def a_right_check_passes(page, timeout=RUN_TIMEOUT_MS):
    """Put the reference solution in the editor, Check it, and see it pass."""
    set_code(page, right_solution(page))
    check_passes(page, timeout)


def check_passes(page, timeout=RUN_TIMEOUT_MS):
    """Check the editor's code and see it pass."""
    click(page, "Check")
    finished(page, timeout)
    expect(result(page)).to_contain_text(re.compile("^Passed"))


def finished(page, timeout=RUN_TIMEOUT_MS):
    """Wait for the run or Check just started to end: a quick one leaves the last verdict and output in place
    until it shows its own, so text alone cannot tell the two apart."""
    expect(result(page)).not_to_have_attribute("aria-busy", "true", timeout=timeout)


def set_code(page, code):
    code_editor(page).fill(code)


def paste_code(page, code):
    """Replace the editor's code the way a learner's paste does: select all, then a paste event."""
    editor = code_editor(page)
    editor.focus()
    page.keyboard.press("ControlOrMeta+a")
    editor.evaluate(
        """(target, text) => {
        const data = new DataTransfer();
        data.setData("text/plain", text);
        target.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    }""",
        code,
    )


def saved_progress(page):
    return json.loads(page.evaluate(f"localStorage.getItem({PROGRESS_KEY!r})") or "null")


def wait_for_python(page, timeout=BOOT_TIMEOUT_MS):
    expect(page.get_by_role("status", name="Python status")).to_have_text("Python ready", timeout=timeout)


def click(page, name):
    page.get_by_role("button", name=name, exact=True).click()


def output(page):
    return page.get_by_role("log", name="Output")


def result(page):
    return page.get_by_role("status", name="Result")


def cases_table(page):
    """The table of what the last Check ran, beside the Result (which announces the verdict alone)."""
    return page.get_by_role("table", name="What Check ran")


def two_frames(page):
    """Wait two frames: what the page changed has been laid out and painted, and its observers have run."""
    page.evaluate("new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")


# Notes in window.shifts every shift of what the browser paints (from the page's first frame if buffered):
# what a learner could see move, each as its score and what moved (the element, its box before and after).
# Call it with page.evaluate(WATCH_SHIFTS, buffered).
WATCH_SHIFTS = """(buffered) => {
  window.shifts = [];
  const named = (node) => node?.nodeType === 1
    ? `${node.localName}${node.id ? "#" + node.id : ""}${node.className && typeof node.className === "string" ? "." + node.className.trim().split(/\\s+/).join(".") : ""}`
    : String(node?.nodeName);
  const box = ({ x, y, width, height }) => [x, y, width, height].map(Math.round).join(",");
  new PerformanceObserver((list) => window.shifts.push(...list.getEntries().map((entry) => ({
    value: entry.value,
    moved: entry.sources.map((source) => `${named(source.node)} ${box(source.previousRect)} → ${box(source.currentRect)}`),
  })))).observe({ type: "layout-shift", buffered });
}"""


def fulfill_rewritten(route, rewrite):
    """Answer route with the server's response, its text passed through rewrite(text)."""
    response = route.fetch()
    # The server's headers kept (cross-origin isolation among them), less those of the gzip body.
    headers = {
        name: value
        for name, value in response.headers.items()
        if name.lower() not in ("content-encoding", "content-length")
    }
    route.fulfill(status=response.status, headers=headers, body=rewrite(response.text()))


def with_time_limit(seconds):
    """A route that serves the lesson page as if its exercise said 'time_limit: seconds'. It checks that the
    page as built says the default, 10 s: with it, a test of a shorter limit tests the default's path too."""

    def rewrite(page):
        assert 'data-time-limit="10.0"' in page
        return page.replace('data-time-limit="10.0"', f'data-time-limit="{seconds:.1f}"')

    return lambda route: fulfill_rewritten(route, rewrite)


# The Python worker's script, wherever the build put it (its name carries its content's hash).
PYTHON_WORKER = re.compile(r"/static/python-worker\.[0-9a-f]+\.js$")


def with_a_long_warm_up(route):
    """A route for PYTHON_WORKER that makes the learner's interpreter warm up for seconds after it says it is
    ready, as it does in a slow browser (1.4 to 4 s in WebKit here on a quiet machine, against a few
    hundred ms in Chromium), so that a request waits behind it."""

    def rewrite(script):
        assert script.count(".warm_up.callKwargs({") == 1
        return script.replace(".warm_up.callKwargs({", ".warm_up.callKwargs({ rounds: 4000, ")

    fulfill_rewritten(route, rewrite)


def show_graph(page, case=None):
    """Open "Show your graph" (on the case named, if one is), and wait for the learner's graph."""
    if case:
        page.get_by_role("combobox", name="Case").select_option(label=case)
    click(page, "Show your graph")
    expect(page.get_by_role("figure", name="Your graph")).to_be_visible(timeout=RUN_TIMEOUT_MS)
