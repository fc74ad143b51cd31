// The lesson page's script, and the only code that touches the DOM. Python runs in a worker
// (python-worker.js) that boots once the page is idle, so reading never waits for it.
import { PythonRuntime } from "./python-runtime.js";
import { Progress } from "./progress.js";
import { startBlocks } from "./blocks.js";
// Each block kind's page module by its name, written by the build from gradlab/blocks (BLOCK_KINDS).
import { BLOCK_MODULES } from "gradlab-block-modules";
import { setupProgressPanel } from "./progress-panel.js";
import { registerServiceWorker } from "./service-worker-setup.js";
import { DownloadProgress } from "./download-progress.js";
import { pageNotices } from "./page-notices.js";
import { loadSync } from "./sync-loader.js";
import { letWideFormulasScroll } from "./wide-formulas.js";

const script = document.querySelector("script[data-worker]");
const lesson = document.querySelector("[data-lesson-id]");
const tell = pageNotices(lesson);
letWideFormulasScroll(lesson);

// Quiz ids in page order, so answers saved under version 1's positional keys find their question.
const quizIds = [...document.querySelectorAll(".quiz")].map((quiz) => quiz.dataset.quiz);
const progress = new Progress(lesson.dataset.lessonId, { onProblem: tell, quizIds });
// The offline cache is set up once Python has booted, or failed to, or is not needed on this page:
// never while its files are still arriving, and never not at all.
let pythonSettled;
const pythonReady = new Promise((resolve) => { pythonSettled = resolve; });
registerServiceWorker(script.dataset.serviceWorker, { pythonReady });

const statusLines = [...document.querySelectorAll(".python-status")];
const downloads = statusLines.map((line) => new DownloadProgress(line));
const retryButtons = [...document.querySelectorAll(".python-retry")];
const runtime = new PythonRuntime({
  workerUrl: script.dataset.worker,
  files: {
    pyodide: script.dataset.pyodide,
    engine: script.dataset.engineWheel,
    snapshot: script.dataset.snapshot,
    snapshotFor: script.dataset.snapshotFor,
    snapshotBytes: Number(script.dataset.snapshotBytes),
    bootStdlib: script.dataset.bootStdlib,
    packages: JSON.parse(script.dataset.packages || "[]"),
  },
  onStatus: (state, message) => {
    for (const line of statusLines) {
      line.textContent = message;
      line.dataset.state = state;
    }
    if (state !== "loading") for (const download of downloads) download.hide();
    for (const button of retryButtons) button.hidden = state !== "error";
    if (state === "ready" || state === "error") pythonSettled();
  },
  onDownload: (loaded, total) => {
    for (const download of downloads) download.show(loaded, total);
  },
  // Whether the judge's interpreter, which gives Check's verdicts, is ready (tests read this too).
  onJudge: (state) => {
    for (const line of statusLines) line.dataset.judge = state;
  },
  // Whether a warm interpreter waits to take over after a hard stop, or one boots only then ("when-needed",
  // where Stop interrupts); tests read this too.
  onSpare: (state) => {
    for (const line of statusLines) line.dataset.spare = state;
  },
});
for (const button of retryButtons) button.addEventListener("click", () => runtime.restart());

const panel = setupProgressPanel(lesson, { progress });
const page = { runtime, progress, onChange: panel.refresh, graphView: script.dataset.graphView, chart: script.dataset.chart,
  editor: script.dataset.editor, tell };
const blocks = startBlocks(lesson, BLOCK_MODULES, page, {
  onFailure: (name) => tell(`A part of this page (the ${name}) could not start; the rest works. Reloading the page may help.`),
});
panel.connect({ exercises: blocks.started.exercise ?? [], quizzes: blocks.started.quiz ?? [] });
loadSync({ container: lesson.querySelector(".progress-panel"), progress, onProblem: tell });

if (blocks.usesPython) {
  const whenIdle = self.requestIdleCallback || ((callback) => setTimeout(callback, 1));
  whenIdle(() => runtime.start(), { timeout: 1000 });
} else {
  pythonSettled();
}
