"""A learner's first minutes on a lesson page, written once for every engine.

Each step is a JavaScript function run in the page through a driver's call(function, *args), which
awaits what it returns: Playwright for Chromium, WebDriver BiDi for Firefox, WebDriver for WebKit
(tests/browser/bidi_firefox.py, webdriver_webkit.py). Controls are found by the accessible names of
ui-contract.md, as the Chromium tests find them."""

from tests.browser.lesson import BOOT_TIMEOUT_MS, RUN_TIMEOUT_MS

LOOPING = "print('looping', flush=True)\nwhile True:\n    pass\n"
PRINTING = "print('smoke', 6 * 7)\n"

# Helpers every step starts with: find by accessible name, wait for a condition, act as a learner.
HELPERS = """
const byLabel = (role, label) => document.querySelector(`[role="${role}"][aria-label="${label}"]`);
const button = (name) => [...document.querySelectorAll("button")].find(
  (candidate) => candidate.textContent.trim() === name && !candidate.closest("[hidden]"));
// What a learner would see, for a step that waited in vain: the status line (with the judge's and the
// spare's states, which it carries as data), the verdict, the output's end.
const pageState = () => {
  const status = byLabel("status", "Python status");
  const text = (element, last = 300) => JSON.stringify(element?.textContent.slice(-last) ?? null);
  return `Python status ${text(status)} (judge ${status?.dataset.judge}, spare ${status?.dataset.spare}), `
    + `Result ${text(byLabel("status", "Result"))}, Output ${text(byLabel("log", "Output"))}`;
};
const until = (what, condition, timeoutMs) => new Promise((resolve, reject) => {
  const started = Date.now();
  (function poll() {
    let value;
    try { value = condition(); } catch (error) { value = undefined; }
    if (value) return resolve(value);
    if (Date.now() - started > timeoutMs) return reject(new Error(`waited ${timeoutMs} ms for ${what}; ${pageState()}`));
    setTimeout(poll, 50);
  })();
});
const editorContent = () => document.querySelector(".code-editor-host")?.shadowRoot.querySelector(".cm-content");
// CodeMirror arrives as the learner nears the editor or touches it: a touch brings it here.
const codeMirror = () => {
  if (!editorContent()) document.querySelector("textarea.code-editor").dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
  return until("the code editor", editorContent, 30000);
};
// Pasting over everything: select all (CodeMirror's Mod-a), then a paste event. Firefox empties the
// data of a paste event that a script made; there the text goes in as typed input instead (which in
// Chromium would try an inline style, refused by the page's Content-Security-Policy).
const setCode = async (code) => {
  const content = await codeMirror();
  content.focus();
  const mac = /Mac/.test(navigator.platform);
  content.dispatchEvent(new KeyboardEvent("keydown",
    { key: "a", code: "KeyA", keyCode: 65, ctrlKey: !mac, metaKey: mac, bubbles: true, cancelable: true }));
  const data = new DataTransfer();
  data.setData("text/plain", code);
  const paste = new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true });
  if (paste.clipboardData && paste.clipboardData.getData("text/plain") === code) content.dispatchEvent(paste);
  else document.execCommand("insertText", false, code);
  // CodeMirror reads the edit from the DOM a moment later: let it, before a button reads the code.
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
};
// As Playwright's click does, a press waits until the button can be pressed: a click on a disabled one
// (Run and Check while code runs) does nothing, and the step would wait for what it never started.
const press = async (name, timeoutMs) => (await until(`${name} to be enabled`, () => {
  const target = button(name);
  return target && !target.disabled && target;
}, timeoutMs)).click();
// A run or Check has ended once the Result no longer says it is being updated: its output can show before.
const ended = (timeoutMs) => until("the run to end", () => byLabel("status", "Result").getAttribute("aria-busy") !== "true", timeoutMs);
const pythonReady = (timeoutMs) =>
  until("Python ready", () => byLabel("status", "Python status").textContent === "Python ready", timeoutMs);
"""


def step(body):
    """A page function of JSON arguments: HELPERS, then body (an async arrow function) applied to them."""
    return f"async (...args) => {{ {HELPERS} return ({body})(...args); }}"


WAIT_FOR_PYTHON = step("(timeoutMs) => pythonReady(timeoutMs)")
RUN_AND_READ = step(
    """async (code, expected, timeoutMs) => {
  await setCode(code);
  await press("Run", timeoutMs);
  const output = byLabel("log", "Output");
  await until(`"${expected}" in Output`, () => output.textContent.includes(expected), timeoutMs);
  await ended(timeoutMs);
  return output.textContent;
}"""
)
CHECK_AND_READ = step(
    """async (code, timeoutMs) => {
  const result = byLabel("status", "Result");
  let written = false;  // this Check's verdict, not the last one's
  new MutationObserver(() => { written = true; }).observe(result, { childList: true, characterData: true, subtree: true });
  await setCode(code);
  await press("Check", timeoutMs);
  await until("a verdict", () => written && /^(Passed|Not yet)/.test(result.textContent), timeoutMs);
  return result.textContent;
}"""
)
STARTER = step("() => document.querySelector('textarea.code-editor').defaultValue")
STOP_A_LOOP = step(
    """async (code, timeoutMs) => {
  await setCode(code);
  await press("Run", timeoutMs);
  const output = byLabel("log", "Output");
  await until("the loop to start", () => output.textContent.includes("looping"), timeoutMs);
  await press("Stop", timeoutMs);
  await until("Stopped", () => output.textContent.includes("Stopped"), timeoutMs);
  await pythonReady(timeoutMs);
  return output.textContent;
}"""
)
# At the explore (its chart is drawn as the learner comes near it), every slider one step from where it
# is; the explore's table (the chart's numbers) must change, and the chart be drawn.
MOVE_SLIDERS = step(
    """async (timeoutMs) => {
  const figure = [...document.querySelectorAll("figure")].find((candidate) => candidate.querySelector("input[type=range]"));
  figure.scrollIntoView();
  const table = figure.querySelector("table");
  const before = table.textContent;
  for (const slider of figure.querySelectorAll("input[type=range]")) {
    const step = Number(slider.step) || 1;
    slider.value = Number(slider.value) - step >= Number(slider.min) ? Number(slider.value) - step : Number(slider.value) + step;
    slider.dispatchEvent(new Event("input", { bubbles: true }));
  }
  await until("the explore's numbers to change", () => table.textContent !== before, timeoutMs);
  return Boolean(await until("the chart", () => figure.querySelector(".chart canvas"), timeoutMs));
}"""
)
PICK_FIRST_ANSWER = step(
    """() => {
  const radio = document.querySelector('[role="radiogroup"][data-quiz] input[type=radio]');
  radio.click();
  return radio.closest(".option").querySelector(".explanation").hidden === false;
}"""
)
FIRST_ANSWER_KEPT = step(
    """(timeoutMs) => until("the saved answer", () => {
  const radio = document.querySelector('[role="radiogroup"][data-quiz] input[type=radio]');
  return radio.checked && !radio.closest(".option").querySelector(".explanation").hidden;
}, timeoutMs)"""
)
SERVICE_WORKER_IN_CONTROL = step(
    """(timeoutMs) => until("the service worker to take control", () => navigator.serviceWorker.controller, timeoutMs)
  .then(() => true)"""
)
HEADING_SHOWN = step("(name) => [...document.querySelectorAll('h2')].some((h) => h.textContent.trim() === name)")


def wait_for_python(driver):
    driver.call(WAIT_FOR_PYTHON, BOOT_TIMEOUT_MS)


# A page's first Run waits behind the new interpreter's warm-up, and its first Check behind the judge's
# boot: each as long as a boot takes, which in WebKit on a loaded machine is well past RUN_TIMEOUT_MS.
def run_prints(driver):
    assert "smoke 42" in driver.call(RUN_AND_READ, PRINTING, "smoke 42", BOOT_TIMEOUT_MS)


def check(driver, code):
    """The Result's verdict after a Check of code."""
    return driver.call(CHECK_AND_READ, code, BOOT_TIMEOUT_MS)


def starter_code(driver):
    return driver.call(STARTER)


def stop_ends_a_loop(driver):
    assert "Stopped" in driver.call(STOP_A_LOOP, LOOPING, RUN_TIMEOUT_MS)


def a_slider_updates_the_chart(driver):
    assert driver.call(MOVE_SLIDERS, RUN_TIMEOUT_MS), "the explore has no chart"


def a_quiz_answer_survives_a_reload(driver):
    assert driver.call(PICK_FIRST_ANSWER), "picking an answer showed no explanation"
    driver.reload()
    driver.call(FIRST_ANSWER_KEPT, RUN_TIMEOUT_MS)


def wait_for_the_service_worker(driver):
    driver.call(SERVICE_WORKER_IN_CONTROL, BOOT_TIMEOUT_MS)


def heading_shown(driver, name):
    return driver.call(HEADING_SHOWN, name)


class PlaywrightDriver:
    """A Playwright page (Chromium) behind the same four calls as the other engines' drivers."""

    name = "chromium"

    def __init__(self, page):
        self.page = page
        self.console = []
        page.on("console", lambda message: message.type == "error" and self.console.append(message.text))
        page.on("pageerror", lambda error: self.console.append(str(error)))

    def goto(self, url):
        self.page.goto(url)

    def reload(self):
        self.page.reload()

    def call(self, function, *args):
        return self.page.evaluate(f"(args) => ({function})(...args)", list(args))

    def errors(self):
        return list(self.console)

    def close(self):
        self.page.context.close()
