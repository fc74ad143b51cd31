// The Build section: the editor, Run / Check / Stop / Reset, hints and the solution.
import { editorSlot } from "./editor-slot.js";
import { renderOutput } from "./output.js";
import { inlineMarkdown } from "./inline-markdown.js";
import { setupGraphPanel } from "./graph-panel.js";
import { renderCasesTable } from "./cases-table.js";
import { keepCodeInStep } from "./code-across-tabs.js";
import { whenNear } from "./when-near.js";
import { pressStart } from "./press-start.js";

// Under this a response feels instant: a run that ends sooner is shown at once, with its result.
const SHOWN_RUNNING_AFTER_MS = 100;
// A pause in typing this long begins a Check ahead (static/page/press-start.js): longer than the gap between
// keystrokes of a learner typing on, shorter than the move from the editor to Check.
const CHECKED_AHEAD_AFTER_MS = 400;
const CHECKED_AHEAD_WITHIN_MS = 5000;
const ASKED_AGAIN_AFTER_MS = 50;

// The exercise's page module (static/page/blocks.js starts it).
export const usesPython = true;
export function start(element, page) {
  const exercise = setupExercise(element, {
    runtime: page.runtime, progress: page.progress, onPassed: page.onChange, graphView: page.graphView, editorUrl: page.editor,
  });
  keepCodeInStep(element, { progress: page.progress, editor: exercise.editor });
  return exercise;
}

export function setupExercise(root, { runtime, progress, onPassed, graphView, editorUrl }) {
  const id = root.dataset.exercise;
  const textarea = root.querySelector(".code-editor");
  const result = root.querySelector(".result");
  const resultCases = root.querySelector(".result-cases");
  const notice = root.querySelector(".exercise-notice");
  const buttons = Object.fromEntries([...root.querySelectorAll("button[data-action]")].map((b) => [b.dataset.action, b]));
  const starter = textarea.defaultValue;
  const timeLimitMs = Number(root.dataset.timeLimit || 10) * 1000;
  const grading = loadOnce(root.dataset.grading);
  const graphs = setupGraphPanel(root, { runtime, grading, graphView });
  const output = renderOutput(root.querySelector(".output"));
  let busy = false;
  let pause = null; // the timer that checks the code ahead as the learner pauses (checkAheadOnPause)

  const stopWaiting = whenNear(root, () => {
    runtime.prepareChecks();
    graphs.prepare();
    grading().then((exercise) => runtime.drawAhead(exercise), () => {}); // a Check says if it cannot load
    stopWaiting();
  });

  const saved = progress.exercise(id);
  if (typeof saved.code === "string") textarea.value = saved.code;
  const editor = editorSlot(textarea, {
    url: editorUrl,
    onRun: () => execute("run"),
    onCheck: () => execute("check"),
    onChange: (code) => {
      progress.saveCode(id, code, starter);
      checkAheadOnPause(code);
    },
  });
  if (progress.starterChanged(id, starter)) {
    tell("The starter code of this exercise has changed since you last worked on it. Your code is kept; "
      + "Reset code gives you the new starter.");
  }

  function tell(message, action) {
    notice.replaceChildren(message);
    if (action) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = action.label;
      button.addEventListener("click", () => { action.run(); notice.replaceChildren(); });
      notice.append(" ", button);
    }
    notice.hidden = false;
  }

  // A button disabled while it has focus drops focus to the page's body, and a keyboard or screen-reader
  // learner loses their place: focus moves on purpose, to Stop while code runs and back after.
  function setRunning(running, startedBy) {
    const focused = document.activeElement;
    buttons.run.disabled = buttons.check.disabled = running;
    buttons.stop.disabled = !running;
    if (running && (focused === buttons.run || focused === buttons.check)) buttons.stop.focus();
    if (!running && focused === buttons.stop) startedBy.focus();
  }

  // What a run changes at its start (Run and Check disabled, Stop focused, the last output and verdict
  // cleared) waits until it has taken SHOWN_RUNNING_AFTER_MS, and so does its output: a run that ends
  // sooner changes the page once, with what it gave. A frame drawn in between would take a core from the
  // two interpreters a Check runs on, and make the verdict later. The result says it is being updated
  // (aria-busy) from the start: a screen reader tells the new verdict, not the one it replaces.
  async function execute(kind) {
    if (busy) return;
    busy = true;
    clearTimeout(pause); // the code is run or checked now: not again ahead
    result.setAttribute("aria-busy", "true");
    let held = []; // the output that came before the page shows the run; null once it does
    const hold = (stream, text) => (held ? held.push([stream, text]) : output.append(stream, text));
    const release = () => {
      clearLastRun();
      for (const [stream, text] of held) output.append(stream, text);
      held = null;
    };
    const showRunning = () => {
      if (!held) return;
      setRunning(true);
      release();
    };
    const timer = setTimeout(showRunning, SHOWN_RUNNING_AFTER_MS);
    if (runtime.state !== "ready") {
      showRunning();
      output.append("note", "Python is still loading; your code will run as soon as it is ready…\n");
    }
    const code = editor.getCode();
    const outcome = await (press.take(kind, code, hold) ?? press.letGone().then(() => begin(kind, code, hold)));
    clearTimeout(timer);
    busy = false;
    if (held) release();
    else setRunning(false, buttons[kind]);
    report(kind, outcome, code);
    result.removeAttribute("aria-busy");
  }

  function clearLastRun() {
    output.clear();
    result.replaceChildren();
    resultCases.replaceChildren();
    editor.markErrorLine(null);
  }

  function begin(kind, code, onOutput) {
    return kind === "check" ? check(code, onOutput) : runtime.run(code, onOutput, { timeLimitMs });
  }

  async function check(code, onOutput) {
    try {
      return await runtime.check(await grading(), code, starter, onOutput, { timeLimitMs });
    } catch (error) {
      return { kind: "stopped", reason: "no-grading", message: error.message };
    }
  }

  function report(kind, outcome, code) {
    if (outcome.kind !== "stopped") graphs.offer(code);
    if (outcome.kind === "stopped") {
      const why = stopMessage(outcome, timeLimitMs);
      output.append("note", `\n${why}\n`);
      if (kind === "check") showVerdict({ passed: false, message: why });
      return;
    }
    const verdict = outcome.result;
    const error = verdict.error;
    if (error?.line) editor.markErrorLine(error.line);
    if (error?.type === "MemoryError") {
      // WebAssembly memory never shrinks: a fresh interpreter gives it back.
      runtime.restart();
      output.append("note", "\nPython ran out of memory and has been restarted to free it.\n");
    }
    if (kind === "run") {
      if (error) output.append("stderr", error.traceback || `${error.type}: ${error.message}\n`);
      return;
    }
    if (verdict.output) output.append("stdout", verdict.output);
    showVerdict(verdict);
    // An explore that draws the learner's curve for this exercise hears of every Check, passed or not.
    grading().then((exercise) => root.dispatchEvent(new CustomEvent("gradlab:checked", {
      bubbles: true, detail: { exercise: id, grading: exercise, code },
    })));
    if (verdict.passed) {
      progress.markDone(id);
      onPassed?.();
      showSolution({ beside: code });
    }
  }

  function showVerdict(verdict) {
    const summary = document.createElement("p");
    summary.className = verdict.passed ? "verdict passed" : "verdict failed";
    summary.append(...inlineMarkdown(verdict.passed ? verdict.message : `Not yet: ${verdict.message}`));
    result.replaceChildren(summary);
    resultCases.replaceChildren(...(verdict.cases?.length ? [casesTable(verdict.columns, verdict.cases)] : []));
  }

  function resetCode() {
    const before = editor.getCode();
    if (before === starter) return;
    editor.setCode(starter);
    tell("Starter code restored.", { label: "Undo reset", run: () => editor.undo() });
  }

  // Begun as Run or Check is pressed, shown at its click (static/page/press-start.js).
  const press = pressStart({ run: buttons.run, check: buttons.check }, {
    canStart: (kind) => !busy && runtime.startsAtOnce(kind),
    begin: (kind, onOutput) => {
      const code = editor.getCode();
      return { code, outcome: begin(kind, code, onOutput) };
    },
    stop: () => runtime.stop({ reason: "let-go" }),
  });
  // Python may be busy as the pause ends (drawing the last verdict's graph or curve, say): asked again
  // until it is free, for a while.
  function checkAheadOnPause(code) {
    press.changed(code);
    clearTimeout(pause);
    const askedUntil = performance.now() + CHECKED_AHEAD_WITHIN_MS;
    const ask = () => {
      if (!press.ahead("check") && performance.now() < askedUntil) pause = setTimeout(ask, ASKED_AGAIN_AFTER_MS);
    };
    pause = setTimeout(ask, CHECKED_AHEAD_AFTER_MS);
  }
  buttons.run.addEventListener("click", () => execute("run"));
  buttons.check.addEventListener("click", () => execute("check"));
  buttons.stop.addEventListener("click", () => runtime.stop({ reason: "stop" }));
  buttons.reset.addEventListener("click", resetCode);
  const hints = setupHints(root, id, progress);
  const showSolution = setupSolution(root, id, progress, buttons);

  return {
    editor,
    startOver() {
      resetCode();
      hints.hideAll();
      showSolution.hide();
      result.replaceChildren();
      resultCases.replaceChildren();
      output.clear();
    },
  };
}

function stopMessage(outcome, timeLimitMs) {
  if (outcome.reason === "time-limit") {
    return `Stopped: your code ran for more than ${timeLimitMs / 1000} s, the limit for this exercise. `
      + "Look for a loop that never ends.";
  }
  if (outcome.reason === "no-grading") {
    return `The checks for this exercise could not be loaded (${outcome.message}). Check your connection, then Check again; your code is saved.`;
  }
  if (outcome.reason === "unavailable") {
    return "Python is not available right now (see the status above): your code is saved; press Retry, then run it again.";
  }
  if (outcome.reason === "crashed") {
    return `Python crashed (${outcome.message}). It has been restarted; your code is safe in the editor.`;
  }
  if (outcome.beforeVerdict) {
    return "Stopped before a verdict was given. Check again when you like; your code is saved.";
  }
  if (outcome.reason === "interrupted-itself") {
    return "Your code sent Python the interrupt signal that Stop sends (KeyboardInterrupt), so it stopped there, "
      + "before it finished. Take out the line that signals, then run it again.";
  }
  return outcome.interrupted ? "Stopped (KeyboardInterrupt)." : "Stopped. Python was restarted to end your code.";
}

// The verdict says which columns its cases have: the page knows no exercise.
function casesTable(columns, cases) {
  return renderCasesTable({ caption: "What Check ran (first failing case first)", columns, rows: cases.slice(0, 6) });
}

// Fetch a file the first time it is needed, and keep it; a failed fetch is tried again next time.
function loadOnce(url) {
  let text = null;
  return async () => {
    if (text === null) {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
      text = await response.text();
    }
    return text;
  };
}

function setupHints(root, id, progress) {
  const hints = [...root.querySelectorAll(".hint")];
  const button = root.querySelector('button[data-action="hint"]');
  const show = (count) => {
    hints.forEach((hint, index) => { hint.hidden = index >= count; });
    if (button) button.hidden = count >= hints.length;
  };
  // The count of hints the progress held when this page last followed it: a hint shown in another
  // tab, or (through sync) on another device, changes it and shows here too, live. Hiding them
  // (Start over) does not lower the stored count, which only grows, so it is not followed back.
  let followed = progress.exercise(id).hints || 0;
  show(followed);
  progress.onChangesElsewhere(() => {
    const count = progress.exercise(id).hints || 0;
    if (count !== followed) show((followed = count));
  });
  button?.addEventListener("click", () => {
    const count = Math.min((progress.exercise(id).hints || 0) + 1, hints.length);
    followed = count;
    progress.updateExercise(id, { hints: count });
    show(count);
    hints[count - 1].focus();
  });
  return {
    hideAll() {
      progress.updateExercise(id, { hints: 0 });
      show(0);
    },
  };
}

function setupSolution(root, id, progress, buttons) {
  const confirmBox = root.querySelector(".solution-confirm");
  const area = root.querySelector(".solution");
  // Fetched once: it is shown again beside the code of every later passing Check.
  const solution = loadOnce(root.dataset.solution);
  let showing = null; // the code shown beside the reference ("" for none); null when nothing is built
  function build(html, beside) {
    const heading = document.createElement("h3");
    heading.textContent = beside ? "Your code and the reference solution" : "Reference solution";
    const reference = document.createElement("div");
    reference.className = "solution-reference";
    // Pygments' HTML, written by our own build from the lesson's source: not learner input.
    reference.innerHTML = html;
    const panes = [reference];
    if (beside) {
      const mine = document.createElement("pre");
      mine.className = "solution-mine";
      mine.textContent = beside;
      panes.unshift(mine);
    }
    area.replaceChildren(heading, ...panes);
    area.classList.toggle("side-by-side", Boolean(beside));
    showing = beside ?? "";
  }
  async function show({ beside, focus } = {}) {
    try {
      const html = await solution();
      // Passed again on the same code, the panes shown are the same: built again, they would be parsed and
      // laid out again in the frame that shows the verdict.
      if (showing !== (beside ?? "")) build(html, beside);
    } catch (error) {
      showing = null;
      area.textContent = `The solution could not be loaded (${error.message}). Check your connection and try again.`;
    }
    // The confirmation hides only now: hidden while the solution loads, it would drop the focus it holds
    // to the page's body (a screen reader loses its place, and Tab starts again from the top).
    confirmBox.hidden = true;
    area.hidden = false;
    buttons.solution.hidden = true;
    progress.updateExercise(id, { solutionShown: true });
    if (focus) {
      // The confirmation that had focus is gone: the learner is taken to what it revealed.
      const target = area.querySelector("h3") || area;
      target.tabIndex = -1;
      target.focus();
    }
  }
  buttons.solution.addEventListener("click", () => {
    confirmBox.hidden = false;
    buttons["solution-confirm"].focus();
  });
  buttons["solution-cancel"].addEventListener("click", () => {
    confirmBox.hidden = true;
    buttons.solution.focus();
  });
  buttons["solution-confirm"].addEventListener("click", () => show({ focus: true }));
  if (progress.exercise(id).solutionShown) show();
  show.hide = () => {
    area.hidden = true;
    area.replaceChildren();
    showing = null;
    buttons.solution.hidden = false;
    progress.updateExercise(id, { solutionShown: false });
  };
  return show;
}
