// The Build section: the editor, Run / Check / Stop / Reset, hints and the solution.

export function setupExercise(root, { runtime, progress }) {
  const id = root.dataset.exercise;
  const editor = root.querySelector(".code-editor");
  const output = root.querySelector(".output");
  const result = root.querySelector(".result");
  const buttons = Object.fromEntries([...root.querySelectorAll("button[data-action]")].map((b) => [b.dataset.action, b]));
  const starter = editor.defaultValue;
  const timeLimitMs = Number(root.dataset.timeLimit || 10) * 1000;
  let busy = false;

  const saved = progress.data.code[id];
  if (typeof saved === "string") editor.value = saved;
  editor.addEventListener("input", () => progress.update((p) => { p.code[id] = editor.value; }));

  function appendOutput(stream, text) {
    const piece = document.createElement("span");
    piece.className = stream;
    piece.textContent = text; // learner output is text, never HTML
    output.append(piece);
    output.scrollTop = output.scrollHeight;
  }

  async function execute(kind) {
    if (busy) return;
    busy = true;
    buttons.run.disabled = buttons.check.disabled = true;
    buttons.stop.disabled = false;
    output.textContent = "";
    result.textContent = "";
    if (runtime.state !== "ready") appendOutput("note", "Waiting for Python to finish loading…\n");
    const timer = setTimeout(() => runtime.stop({ reason: "time-limit" }), timeLimitMs + bootAllowance());
    const outcome = kind === "check"
      ? await runtime.check(root.dataset.check, editor.value, starter, appendOutput)
      : await runtime.run(editor.value, appendOutput);
    clearTimeout(timer);
    busy = false;
    buttons.run.disabled = buttons.check.disabled = false;
    buttons.stop.disabled = true;
    report(kind, outcome);
  }

  // The time limit is for the learner's code, not for Python's first boot.
  function bootAllowance() {
    return runtime.state === "ready" ? 0 : 60_000;
  }

  function report(kind, outcome) {
    if (outcome.kind === "stopped") {
      const why = outcome.reason === "time-limit"
        ? `Stopped: your code ran longer than the ${timeLimitMs / 1000} s limit. Look for a loop that never ends.`
        : outcome.reason === "crashed"
          ? `Python crashed (${outcome.message}) and is restarting; your code is safe in the editor.`
          : "Stopped.";
      appendOutput("note", `\n${why}\n`);
      if (kind === "check") result.textContent = `Not yet: ${why}`;
      return;
    }
    if (kind === "run") {
      const error = outcome.result.error;
      if (error) appendOutput("stderr", error.traceback || `${error.type}: ${error.message}\n`);
      return;
    }
    showVerdict(outcome.result);
  }

  function showVerdict(verdict) {
    result.textContent = "";
    const summary = document.createElement("p");
    summary.className = verdict.passed ? "verdict passed" : "verdict failed";
    summary.textContent = verdict.passed ? verdict.message : `Not yet: ${verdict.message}`;
    result.append(summary);
    if (verdict.cases?.length) result.append(casesTable(verdict.cases));
    if (verdict.output) appendOutput("stdout", verdict.output);
  }

  buttons.run.addEventListener("click", () => execute("run"));
  buttons.check.addEventListener("click", () => execute("check"));
  buttons.stop.addEventListener("click", () => runtime.stop({ reason: "stop" }));
  buttons.reset.addEventListener("click", () => {
    if (editor.value === starter) return;
    // setRangeText keeps the browser's undo history, so Ctrl+Z brings the learner's code back.
    editor.focus();
    editor.select();
    document.execCommand("insertText", false, starter) || editor.setRangeText(starter, 0, editor.value.length, "start");
    progress.update((p) => { p.code[id] = editor.value; });
    result.textContent = "Starter code restored. Undo (Ctrl+Z) brings your code back.";
  });
  editor.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      execute("run");
    } else if (event.key === "Enter" && event.shiftKey) {
      event.preventDefault();
      execute("check");
    }
  });
  setupHints(root, id, progress);
  setupSolution(root, buttons);
}

function casesTable(cases) {
  const table = document.createElement("table");
  table.className = "cases";
  const caption = table.createCaption();
  caption.textContent = "What Check ran (first failing case first)";
  const head = table.createTHead().insertRow();
  for (const title of ["Depth", "Input", "Layer rate", "Expected gradient", "Your gradient", ""]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = title;
    head.append(th);
  }
  const body = table.createTBody();
  for (const c of cases.slice(0, 6)) {
    const row = body.insertRow();
    for (const value of [c.depth, c.input, c.rate, formatNumber(c.expected_gradient), formatNumber(c.actual_gradient), c.passed ? "✓" : "✗"]) {
      row.insertCell().textContent = String(value);
    }
  }
  return table;
}

function formatNumber(value) {
  if (value === null || value === undefined) return "none";
  if (typeof value !== "number") return String(value);
  return Math.abs(value) >= 1e-3 && Math.abs(value) < 1e6 ? String(Number(value.toPrecision(5))) : value.toExponential(3);
}

function setupHints(root, id, progress) {
  const hints = [...root.querySelectorAll(".hint")];
  const button = root.querySelector('button[data-action="hint"]');
  if (!button) return;
  const show = (count) => {
    hints.forEach((hint, index) => { hint.hidden = index >= count; });
    button.hidden = count >= hints.length;
  };
  show(progress.data.hints[id] || 0);
  button.addEventListener("click", () => {
    const count = Math.min((progress.data.hints[id] || 0) + 1, hints.length);
    progress.update((p) => { p.hints[id] = count; });
    show(count);
    hints[count - 1].focus?.();
  });
}

function setupSolution(root, buttons) {
  const confirmBox = root.querySelector(".solution-confirm");
  const solution = root.querySelector(".solution");
  buttons.solution.addEventListener("click", () => {
    confirmBox.hidden = false;
    buttons["solution-confirm"].focus();
  });
  buttons["solution-cancel"].addEventListener("click", () => {
    confirmBox.hidden = true;
    buttons.solution.focus();
  });
  buttons["solution-confirm"].addEventListener("click", async () => {
    confirmBox.hidden = true;
    try {
      const response = await fetch(root.dataset.solution);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      // The fragment is Pygments' HTML, written by our own build from the lesson's source.
      solution.innerHTML = `<h3>Reference solution</h3>${await response.text()}`;
    } catch (error) {
      solution.textContent = `The solution could not be loaded (${error.message}). Check your connection and try again.`;
    }
    solution.hidden = false;
    buttons.solution.hidden = true;
  });
}
