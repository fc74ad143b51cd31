// The one place that knows Pyodide. It boots as soon as the module loads, installs the
// engine wheel, then answers "run" and "check" requests, each reply carrying the request's id.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const params = new URL(import.meta.url).searchParams;
const OUTPUT_LIMIT = 100_000; // characters per request; past it the page would only slow down

let current = null; // { id, sent } for the request whose output is being forwarded

function post(message) {
  self.postMessage({ source: "gradlab-worker", ...message });
}

function forwardOutput(stream) {
  return (text) => {
    if (!current) return;
    const room = OUTPUT_LIMIT - current.sent;
    if (room <= 0) {
      if (!current.capped) post({ id: current.id, type: "output-capped", limit: OUTPUT_LIMIT });
      current.capped = true;
      return;
    }
    const piece = text.length + 1 > room ? text.slice(0, room) : text + "\n";
    current.sent += piece.length;
    post({ id: current.id, type: "output", stream, text: piece });
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

def run_json(source):
    return json.dumps(run_program(source))

def check_json(exercise, source, starter):
    return json.dumps(grade_submission(exercise, source, starter))

(run_json, check_json)
`);
  const [runJson, checkJson] = bridge.toJs();
  bridge.destroy();
  post({ type: "status", state: "ready", message: "Python ready", bootMs: performance.now() - started });
  return { pyodide, runJson, checkJson };
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
  const { runJson, checkJson } = await ready;
  current = { id: data.id, sent: 0, capped: false };
  const started = performance.now();
  try {
    const reply = data.type === "check"
      ? checkJson(data.exercise, data.code, data.starter ?? null)
      : runJson(data.code);
    post({ id: data.id, type: "done", result: JSON.parse(reply), ms: performance.now() - started });
  } catch (error) {
    // A Python exception never reaches here (the runner and grader catch them);
    // anything that does means the interpreter itself has died and must be replaced.
    post({ id: data.id, type: "crashed", message: String(error.message || error) });
  } finally {
    current = null;
  }
};
