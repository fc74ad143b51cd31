// Owns the Python worker for the page: boots it when asked, sends requests by id, and
// replaces the worker when it dies or has to be stopped the hard way.

const HARD_STOP_AFTER_MS = 400; // how long an interrupt may take before the worker is replaced

export class PythonRuntime {
  constructor({ workerUrl, engineWheelUrl, onStatus }) {
    this.workerUrl = new URL(workerUrl, document.baseURI);
    this.workerUrl.searchParams.set("engine", new URL(engineWheelUrl, document.baseURI).href);
    this.onStatus = onStatus;
    this.worker = null;
    this.pending = new Map(); // request id → { resolve, onOutput }
    this.nextId = 1;
    this.state = "idle";
    // With cross-origin isolation, Stop can raise KeyboardInterrupt instead of killing Python.
    this.interrupt = self.crossOriginIsolated ? new Uint8Array(new SharedArrayBuffer(1)) : null;
  }

  start() {
    if (this.worker) return;
    this.worker = new Worker(this.workerUrl, { type: "module" });
    this.worker.onmessage = ({ data }) => this.receive(data);
    this.worker.onerror = (event) => this.setStatus("error", `Python could not start: ${event.message || "the worker failed to load"}`);
    if (this.interrupt) this.worker.postMessage({ type: "interrupt-buffer", buffer: this.interrupt });
  }

  receive(message) {
    if (message?.source !== "gradlab-worker") return;
    if (message.type === "status") {
      this.bootMs = message.bootMs;
      this.setStatus(message.state, message.message);
      return;
    }
    const request = this.pending.get(message.id);
    if (!request) return;
    if (message.type === "output") request.onOutput?.(message.stream, message.text);
    else if (message.type === "output-capped") request.onOutput?.("note", `\n[Output stopped after ${message.limit.toLocaleString()} characters; your code kept running.]\n`);
    else if (message.type === "done") this.settle(message.id, { kind: "done", result: message.result, ms: message.ms });
    else if (message.type === "crashed") this.crash(message.message);
  }

  setStatus(state, message) {
    this.state = state;
    this.onStatus?.(state, message);
  }

  request(payload, onOutput) {
    this.start();
    const id = this.nextId++;
    if (this.interrupt) this.interrupt[0] = 0;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve, onOutput });
      this.worker.postMessage({ id, ...payload });
    });
  }

  run(code, onOutput) {
    return this.request({ type: "run", code }, onOutput);
  }

  check(exercise, code, starter, onOutput) {
    return this.request({ type: "check", exercise, code, starter }, onOutput);
  }

  settle(id, outcome) {
    const request = this.pending.get(id);
    if (!request) return;
    this.pending.delete(id);
    request.resolve(outcome);
  }

  // Ask running code to stop: an interrupt when possible, else (or if it is ignored) a new worker.
  stop(reason) {
    if (this.pending.size === 0) return;
    if (this.interrupt) {
      this.interrupt[0] = 2; // SIGINT: Python raises KeyboardInterrupt at its next check
      const waiting = [...this.pending.keys()];
      setTimeout(() => {
        if (waiting.some((id) => this.pending.has(id))) this.replace(reason);
      }, HARD_STOP_AFTER_MS);
    } else {
      this.replace(reason);
    }
  }

  restart() {
    this.replace({ reason: "restart" });
  }

  crash(message) {
    this.replace({ reason: "crashed", message });
  }

  replace(outcome) {
    this.worker?.terminate();
    this.worker = null;
    for (const id of [...this.pending.keys()]) this.settle(id, { kind: "stopped", ...outcome });
    this.setStatus("restarting", "Restarting Python…");
    this.start();
  }
}
