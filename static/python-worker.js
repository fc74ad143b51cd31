// The one place that knows Pyodide. It boots as soon as the module loads, installs the
// engine wheel, then answers "run" and "check" requests, each reply carrying the request's id.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const params = new URL(import.meta.url).searchParams;
const OUTPUT_LIMIT = 100_000; // characters per request; past it the page would only slow down
// Output is posted at once while it trickles, so a print before a long computation shows
// straight away; a flood spends the allowance and is then sent in batches.
const POSTS_PER_SECOND = 60;
const POST_BURST = 60;

let current = null; // the request being answered: { id, sent, capped, chunks }
let allowance = POST_BURST;
let allowanceAt = 0;

function post(message) {
  self.postMessage({ source: "gradlab-worker", ...message });
}

function flushOutput() {
  if (!current || current.chunks.length === 0) return;
  post({ id: current.id, type: "output", chunks: current.chunks });
  current.chunks = [];
}

function mayPostNow() {
  const now = performance.now();
  allowance = Math.min(POST_BURST, allowance + ((now - allowanceAt) * POSTS_PER_SECOND) / 1000);
  allowanceAt = now;
  if (allowance < 1) return false;
  allowance -= 1;
  return true;
}

function forwardOutput(stream) {
  return (text) => {
    if (!current || current.capped) return;
    const room = OUTPUT_LIMIT - current.sent;
    const piece = text.length + 1 > room ? text.slice(0, room) : text + "\n";
    current.sent += piece.length;
    const last = current.chunks.at(-1);
    if (last && last[0] === stream) last[1] += piece;
    else current.chunks.push([stream, piece]);
    if (current.sent >= OUTPUT_LIMIT) {
      current.capped = true;
      flushOutput();
      post({ id: current.id, type: "output-capped", limit: OUTPUT_LIMIT });
    } else if (mayPostNow()) {
      flushOutput();
    }
  };
}

async function boot() {
  const started = performance.now();
  post({ type: "status", state: "loading", message: "Loading Python…" });
  const pyodide = await loadPyodide({ indexURL: new URL("../pyodide/", import.meta.url).href });
  pyodide.setStdout({ batched: forwardOutput("stdout") });
  pyodide.setStderr({ batched: forwardOutput("stderr") });
  await pyodide.loadPackage("micropip", { messageCallback: () => {} });
  const micropip = pyodide.pyimport("micropip");
  await micropip.install(new URL(params.get("engine"), self.location.href).href);
  micropip.destroy();
  const bridge = pyodide.runPython(`
import json
from engine.runner import run_program
from engine.grader import grade_submission
from engine.stacks import gradient_curve

def run_json(source):
    return json.dumps(run_program(source))

def check_json(exercise, source, starter):
    try:
        return json.dumps(grade_submission(exercise, source, starter))
    except KeyboardInterrupt:  # Stop pressed, or the time limit: not a verdict
        return json.dumps({"interrupted": True})

def explore_json(name, rate, max_depth):
    return json.dumps(gradient_curve(rate, max_depth))

(run_json, check_json, explore_json)
`);
  const [runJson, checkJson, exploreJson] = bridge.toJs();
  bridge.destroy();
  post({ type: "status", state: "ready", message: "Python ready", bootMs: performance.now() - started });
  return { pyodide, runJson, checkJson, exploreJson };
}

const ready = boot().catch((error) => {
  post({ type: "status", state: "error", message: `Python could not start: ${error.message}` });
  throw error;
});

self.onmessage = async ({ data }) => {
  if (data.type === "interrupt-buffer") {
    (await ready).pyodide.setInterruptBuffer(data.buffer);
    return;
  }
  const { runJson, checkJson, exploreJson } = await ready;
  current = { id: data.id, sent: 0, capped: false, chunks: [] };
  const started = performance.now();
  try {
    const reply = data.type === "check" ? checkJson(data.exercise, data.code, data.starter ?? null)
      : data.type === "explore" ? exploreJson(data.name, data.settings.rate, data.settings.max_depth)
      : runJson(data.code);
    flushOutput();
    post({ id: data.id, type: "done", result: JSON.parse(reply), ms: performance.now() - started });
  } catch (error) {
    // A Python exception never reaches here (the runner and grader catch them);
    // anything that does means the interpreter itself has died and must be replaced.
    post({ id: data.id, type: "crashed", message: String(error.message || error) });
  } finally {
    current = null;
  }
};
