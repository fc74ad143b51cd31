// "Train your microgpt": the learner's passed functions, read from this browser's saved progress,
// checked against the references (train-check.js: the training worker gives a model's numbers with
// each of them, the build gave the references'), then trained in the worker (train-worker.js) on the
// names, with a live chart, samples and checkpoints. This script alone touches the page.
import { loadCheckpoint, saveCheckpoint } from "./checkpoint-store.js";
import { peekRecord } from "./saved-record.js";
import { judgePiece } from "./train-check.js";
import { lossChart } from "./train-chart.js";

const page = document.querySelector("script[data-pieces]").dataset;
const root = document.querySelector(".train-page");
const $ = (selector) => root.querySelector(selector);
const SEED = 0;
const MEAN_OF_LAST = 100;
const SLOW_RUN_S = 600; // a run longer than this suggests fewer steps
const STOP_WITHIN_MS = 1000; // past this, the worker is ended rather than waited for
const REPLAYING = "Training on a recording of your model's graph, replayed on plain numbers; "
  + "the engine works out the first step and steps 10, 100 and 500 as well, and the two must agree.";
const ON_THE_ENGINE = "Training on the engine: a new graph of Values at every step.";

const ui = {
  summary: $("#pieces-summary"),
  train: $(".train-button"),
  pause: $(".pause-button"),
  stop: $(".stop-button"),
  steps: $(".steps-input"),
  replay: $(".replay-input"),
  engine: $(".train-engine"),
  status: $(".train-status"),
  progress: $(".train-progress"),
  speed: $(".train-speed"),
  samples: $(".train-samples"),
  after: $(".train-after"),
  temperature: $(".temperature"),
  temperatureValue: $(".temperature-value"),
  sample: $(".sample-button"),
  resume: $(".train-resume"),
  resumeWhere: $(".resume-where"),
  resumeButton: $(".resume-button"),
};

const state = {
  pieces: [], // pieces.json, each with learner: the passed code or null
  checked: null, // {exercise: {uses, reason}}
  worker: null,
  running: false,
  loaded: false, // the worker holds a trained (or restored) model
  losses: [],
  sources: null,
  steps: 0,
  startedAt: 0,
  startStep: 0,
  checkpoint: null,
  stopTimer: null,
};

const url = (relative) => new URL(relative, document.baseURI).href;
const files = {
  pyodide: url(page.pyodide),
  engine: url(page.engineWheel),
  snapshot: url(page.snapshot),
  snapshotFor: page.snapshotFor,
  snapshotBytes: Number(page.snapshotBytes),
  bootStdlib: url(page.bootStdlib),
};
const namesText = fetch(url(page.names)).then((response) => response.text());
const referenceNumbers = fetch(url(page.referenceNumbers)).then((response) => response.json());
const chart = lossChart($(".train-chart"), url(page.chart));

/** The code of an exercise the learner passed in this browser, or null. */
function passedCode(piece) {
  const exercise = peekRecord(piece.lesson)?.exercises?.[piece.exercise];
  return exercise?.passed && typeof exercise.code === "string" ? exercise.code : null;
}

function startWorker() {
  state.worker?.terminate();
  state.worker = new Worker(url(page.worker), { type: "module" });
  state.worker.onmessage = ({ data }) => handlers[data.type](data);
  state.worker.postMessage({ type: "connect", files });
}

const handlers = {
  status({ state: status, message }) {
    if (status !== "ready") {
      ui.status.textContent = message;
      return;
    }
    if (state.checked) {
      ready();
      return;
    }
    ui.status.textContent = "Checking your functions against the references…";
    state.worker.postMessage({ type: "check", pieces: state.pieces });
  },
  async checked({ numbers }) {
    const expected = await referenceNumbers.catch(() => null);
    const unchecked = { uses: "reference", reason: "this page could not load the reference's numbers to check it by." };
    state.checked = Object.fromEntries(state.pieces.map((piece) => [
      piece.exercise,
      piece.learner === null ? { uses: "reference" } : expected ? judgePiece(expected, numbers[piece.exercise]) : unchecked,
    ]));
    showPieces();
    ready();
  },
  progress({ step, steps, loss, engineNote }) {
    state.losses[step - 1] = loss;
    if (engineNote) ui.engine.textContent = engineNote;
    ui.status.textContent = stepLine(step, steps, loss);
    ui.progress.max = steps;
    ui.progress.value = step;
    const seconds = (performance.now() - state.startedAt) / 1000;
    const rate = (step - state.startStep) / seconds;
    const left = (steps - step) / rate;
    ui.speed.textContent = `${rate.toFixed(1)} steps a second · about ${formatDuration(left)} left`;
    if (left > SLOW_RUN_S && step - state.startStep >= 10) {
      ui.speed.textContent += `. This device is slow for ${steps} steps: Stop, then train fewer (${Math.max(50, Math.round((rate * SLOW_RUN_S) / 50) * 50)} take about ${formatDuration(SLOW_RUN_S)}).`;
    }
    chart.then((plot) => plot.show(state.losses, MEAN_OF_LAST));
  },
  paused({ step }) {
    const loss = state.losses[step - 1];
    ui.status.textContent = loss === undefined ? "Paused." : `${stepLine(step, state.steps, loss)} · paused`;
  },
  samples({ names }) {
    ui.samples.replaceChildren(...names.map((name) => Object.assign(document.createElement("li"), { textContent: name })));
  },
  checkpoint({ state: trainerState }) {
    state.checkpoint = { state: trainerState, losses: state.losses.slice(0, trainerState.step), sources: state.sources };
    saveCheckpoint(state.checkpoint);
  },
  ended({ step, stopped }) {
    clearTimeout(state.stopTimer);
    state.running = false;
    state.loaded = true;
    setRunning(false);
    if (stopped) ui.status.textContent = `${ui.status.textContent} · stopped`;
    if (step >= state.steps || stopped) ui.after.hidden = false;
    ui.speed.textContent = `Mean loss of the last ${MEAN_OF_LAST} steps: ${meanOfLast(state.losses).toFixed(3)}`;
    showResume(state.checkpoint);
  },
  failed({ message }) {
    state.running = false;
    setRunning(false);
    ui.status.textContent = `Training stopped: ${message}`;
  },
};

function ready() {
  setRunning(false);
  ui.sample.disabled = false;
  if (!state.running) ui.status.textContent = "Ready to train.";
}

/** The status while training; tests and the README quote its form. */
function stepLine(step, steps, loss) {
  return `step ${step} of ${steps} · loss ${loss.toFixed(3)}`;
}

function formatDuration(seconds) {
  if (!Number.isFinite(seconds)) return "—";
  return seconds < 90 ? `${Math.round(seconds)} s` : `${Math.round(seconds / 60)} min`;
}

function showPieces() {
  const references = [];
  for (const piece of state.pieces) {
    const item = root.querySelector(`[data-exercise="${piece.exercise}"] .piece-status`);
    const result = state.checked[piece.exercise];
    if (result.uses === "yours") {
      item.textContent = "yours: it matches the reference on microgpt's shapes (values and gradients).";
    } else if (piece.learner === null) {
      item.textContent = "the reference: you have not passed this exercise in this browser yet.";
      references.push(piece.exercise);
    } else {
      item.textContent = `the reference: yours was set aside, because ${result.reason}`;
      references.push(piece.exercise);
    }
  }
  const yours = state.pieces.length - references.length;
  ui.summary.textContent = references.length
    ? `${yours} of ${state.pieces.length} functions are yours; the reference stands in for ${references.join(", ")}.`
    : `All ${state.pieces.length} functions are yours.`;
}

function setRunning(running) {
  ui.train.disabled = running;
  ui.resumeButton.disabled = running;
  ui.steps.disabled = running;
  ui.replay.disabled = running;
  ui.pause.disabled = !running;
  ui.stop.disabled = !running;
  ui.pause.textContent = "Pause";
}

async function train(resumeFrom = null) {
  state.sources = resumeFrom?.sources
    ?? Object.fromEntries(state.pieces.map((piece) => [piece.exercise, state.checked[piece.exercise].uses === "yours" ? piece.learner : piece.reference]));
  state.steps = resumeFrom ? resumeFrom.state.steps : Number(ui.steps.value);
  state.losses = resumeFrom ? [...resumeFrom.losses] : [];
  state.startStep = resumeFrom ? resumeFrom.state.step : 0;
  state.startedAt = performance.now();
  state.running = true;
  ui.after.hidden = true;
  ui.resume.hidden = true;
  setRunning(true);
  ui.status.textContent = resumeFrom ? `Resuming at step ${state.startStep} of ${state.steps}…` : "Starting…";
  ui.engine.textContent = ui.replay.checked ? REPLAYING : ON_THE_ENGINE;
  state.worker.postMessage({
    type: "train",
    sources: state.sources,
    names: await namesText,
    steps: state.steps,
    seed: SEED,
    state: resumeFrom?.state ?? null,
    replay: ui.replay.checked,
  });
}

function stop() {
  state.worker.postMessage({ type: "stop" });
  // A step runs in Python, which reads no message until it ends: if one were ever slow, end the worker.
  state.stopTimer = setTimeout(() => {
    if (!state.running) return;
    startWorker();
    handlers.ended({ step: state.checkpoint?.state.step ?? 0, stopped: true });
    state.loaded = false;
  }, STOP_WITHIN_MS);
}

function togglePause() {
  const pausing = ui.pause.textContent === "Pause";
  state.worker.postMessage({ type: pausing ? "pause" : "resume" });
  ui.pause.textContent = pausing ? "Resume" : "Pause";
  if (!pausing) {
    state.startedAt = performance.now();
    state.startStep = state.losses.length;
  }
}

async function sample() {
  if (!state.loaded && state.checkpoint) {
    // The saved weights, loaded into the worker: a run already at its last step trains no further.
    state.sources = state.checkpoint.sources;
    const { step } = state.checkpoint.state;
    state.worker.postMessage({ type: "train", sources: state.sources, names: await namesText, steps: step, seed: SEED, state: { ...state.checkpoint.state, steps: step } });
    state.loaded = true;
  }
  state.worker.postMessage({ type: "sample", count: 20, temperature: Number(ui.temperature.value), seed: Date.now() % 1_000_000 });
}

function showResume(checkpoint) {
  if (!checkpoint) return;
  const { step, steps } = checkpoint.state;
  ui.resumeWhere.textContent = `step ${step} of ${steps}, loss of the last steps ${meanOfLast(checkpoint.losses).toFixed(3)}.`;
  ui.resumeButton.hidden = step >= steps;
  ui.resume.hidden = state.running;
  ui.after.hidden = false;
}

function meanOfLast(losses) {
  const last = losses.slice(-MEAN_OF_LAST);
  return last.reduce((a, b) => a + b, 0) / Math.max(1, last.length);
}

async function start() {
  const pieces = await (await fetch(url(page.pieces))).json();
  state.pieces = pieces.map((piece) => ({ ...piece, learner: passedCode(piece) }));
  state.checkpoint = await loadCheckpoint();
  if (state.checkpoint) {
    state.losses = [...state.checkpoint.losses];
    showResume(state.checkpoint);
    chart.then((plot) => plot.show(state.losses, MEAN_OF_LAST));
  }
  ui.resumeButton.disabled = ui.sample.disabled = true; // until Python is ready
  ui.train.addEventListener("click", () => train());
  ui.resumeButton.addEventListener("click", () => train(state.checkpoint));
  ui.stop.addEventListener("click", stop);
  ui.pause.addEventListener("click", togglePause);
  ui.sample.addEventListener("click", sample);
  ui.temperature.addEventListener("input", () => { ui.temperatureValue.textContent = ui.temperature.value; });
  startWorker();
}

start();
