// The training worker of the "Train your microgpt" page: Pyodide with the training package
// (training/browser.py), driven one step at a time so that Pause and Stop, which arrive as
// messages, are read between steps.
//
// Page → worker: connect {files}; check {pieces}; train {sources, names, steps, seed, state, replay};
//   pause; resume; stop; sample {count, temperature, seed}.
// Worker → page: status {state, message}; checked {numbers: {exercise: {numbers} or {problem}}, which the
//   page checks (train-check.js)}; progress {step, steps, loss, engineNote};
//   paused {step}; samples {step, names}; checkpoint {state}; ended {step, stopped}; failed {message}.
import { startPyodide } from "./page/pyodide-boot.js";

const CHECKPOINT_EVERY = 50; // steps: a reload or a crash loses at most this many
const SAMPLE_EVERY = 100;
const SAMPLES_WHILE_TRAINING = 5;
const TEMPERATURE_WHILE_TRAINING = 0.5;

let training = null; // the Python module training.browser, once booted
const run = { paused: false, stopped: false, resume: null };

const post = (type, fields = {}) => self.postMessage({ type, ...fields });

// A task after the messages already waiting: a MessageChannel's, since setTimeout(0) in a loop like
// this one is held back to 4 ms a call once nested (the HTML timer rules), 4 s over 1000 steps.
const channel = new MessageChannel();
const nextTask = () => new Promise((resolve) => {
  channel.port1.onmessage = resolve;
  channel.port2.postMessage(null);
});

async function boot(files) {
  post("status", { state: "loading", message: "Python is loading…" });
  const pyodide = await startPyodide(files);
  training = pyodide.pyimport("training.browser");
  post("status", { state: "ready", message: "Python is ready." });
}

async function train({ sources, names, steps, seed, state, replay }) {
  Object.assign(run, { paused: false, stopped: false });
  const checkpoint = state ? JSON.stringify(state) : null;
  let step = JSON.parse(training.start(JSON.stringify(sources), names, steps, seed, checkpoint, Boolean(replay))).step;
  while (step < steps && !run.stopped) {
    if (run.paused) {
      post("paused", { step }); // the step under way when Pause came has ended, and no other starts
      await new Promise((resolve) => { run.resume = resolve; });
      continue;
    }
    const loss = training.train_step();
    step += 1;
    post("progress", { step, steps, loss, engineNote: training.engine_note() ?? null });
    if (step % SAMPLE_EVERY === 0 || step === steps) {
      post("samples", { step, names: JSON.parse(training.sample_json(SAMPLES_WHILE_TRAINING, TEMPERATURE_WHILE_TRAINING, step)) });
    }
    if (step % CHECKPOINT_EVERY === 0 || step === steps) post("checkpoint", { state: JSON.parse(training.state_json()) });
    await nextTask(); // let Pause and Stop in
  }
  if (run.stopped) post("checkpoint", { state: JSON.parse(training.state_json()) });
  post("ended", { step, stopped: run.stopped });
}

const handlers = {
  connect: ({ files }) => boot(files),
  check: ({ pieces }) => post("checked", { numbers: JSON.parse(training.numbers_json(JSON.stringify(pieces))) }),
  train,
  pause: () => { run.paused = true; },
  resume: () => { run.paused = false; run.resume?.(); },
  stop: () => { run.stopped = true; run.paused = false; run.resume?.(); },
  sample: ({ count, temperature, seed }) =>
    post("samples", { step: null, names: JSON.parse(training.sample_json(count, temperature, seed)) }),
};

self.addEventListener("message", async ({ data }) => {
  try {
    await handlers[data.type](data);
  } catch (error) {
    post("failed", { message: String(error.message || error) });
  }
});
