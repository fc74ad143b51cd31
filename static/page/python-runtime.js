// Owns the page's Python: the learner's worker running learner code, a spare to swap in after a hard
// stop (kept warm only where Stop cannot interrupt), and the judge's worker, which never runs learner
// code: a Check's cases are drawn and its verdict given there, on plain data from the learner's worker.
// Requests are matched to replies by id.
// A Check's cases are drawn ahead of it, so that the Check itself asks the judge once, for the verdict,
// and the learner's worker hands each case's run to the judge's over a channel of the Check's own.
// The messages are declared in worker-protocol.json, and built from that declaration here.
import { connectMessage, noticeMessage, replyMessage, requestMessage } from "./worker-protocol.js";

// Stop writes to a buffer that Python reads (and clears) between bytecodes, within milliseconds.
// Still unread after this long, the code is stuck inside C: the worker is replaced. Read, the
// interrupt has landed, and the code gets FINISH_AFTER_INTERRUPT_MS to wind up and reply (its
// traceback, the graphs taken apart: a few hundred ms on a loaded machine) before the same.
const HARD_STOP_AFTER_MS = 300;
// A worker starved of the CPU (a loaded machine) reads it late too, so a worker is replaced no sooner than
// its spare is ready (until then the new one could run nothing anyway): read meanwhile, the code winds
// up as usual. A spare that never gets ready is waited for this long at most.
const SPARE_WAITED_FOR_AT_MOST_MS = 5000;
const SPARE_POLL_MS = 20;
const FINISH_AFTER_INTERRUPT_MS = 5000;
// Where no spare is kept warm, one starts booting once the interrupt is still unread after this long (code
// stuck inside C, most likely): the boot overlaps the rest of the wait, and is dropped if Python reads it.
const SPARE_FOR_STOP_AFTER_MS = 100;
const SPARE_DELAY_MS = 1500; // let the page and the first run settle before booting a spare

// Stop can interrupt Python only where the page shares memory with its worker: cross-origin isolated,
// with SharedArrayBuffer and Atomics. Each is checked on its own: WebKit can be isolated and lack both.
const canShareMemory = () =>
  self.crossOriginIsolated && typeof SharedArrayBuffer === "function" && typeof Atomics === "object";

class PythonWorker {
  // wasm: Pyodide's WebAssembly.Module, compiled by an earlier worker, or null.
  constructor(url, files, onMessage, role = "learner", wasm = null) {
    this.ready = false;
    // Replies come only through this private channel; whatever else reaches the worker's
    // global postMessage (learner code can call it) is ignored.
    const channel = new MessageChannel();
    channel.port1.onmessage = ({ data }) => onMessage(this, data);
    this.port = channel.port1;
    try {
      this.worker = new Worker(url, { type: "module" });
    } catch (error) {
      // No module workers here (or none allowed): said at once, where the page shows Python's state.
      this.worker = null;
      queueMicrotask(() => onMessage(this, replyMessage("status", {
        state: "error",
        message: `Python cannot start in this browser (${error.message}). Retry, or open the page in an up-to-date browser; you can keep reading and editing meanwhile.`,
      })));
      return;
    }
    this.worker.onerror = (event) => onMessage(this, replyMessage("status", {
      state: "error",
      message: `Python could not load (${event.message || "its files did not arrive"}). Check your connection, then Retry; you can keep reading and editing meanwhile.`,
    }));
    // Where memory is shared, Stop raises KeyboardInterrupt; elsewhere it replaces the worker.
    this.interrupt = canShareMemory() ? new Uint8Array(new SharedArrayBuffer(1)) : null;
    const connect = (module) => this.worker.postMessage(connectMessage({ files, interrupt: this.interrupt, role, wasm: module }), [channel.port2]);
    try {
      connect(wasm);
    } catch (error) {
      if (error.name !== "DataCloneError") throw error;
      connect(null); // a browser that cannot post a WebAssembly.Module: the worker compiles its own
    }
  }

  // transfer: a Check's end of its own channel, or nothing.
  send(message, transfer = []) {
    this.port.postMessage(message, transfer);
  }

  terminate() {
    this.worker?.terminate();
    this.port.close();
  }
}

export class PythonRuntime {
  // files: where the worker finds Pyodide, the engine wheel, the snapshot and the standard library's part
  // for a boot without it (page-relative URLs).
  constructor({ workerUrl, files, onStatus, onDownload, onSpare, onJudge }) {
    this.workerUrl = new URL(workerUrl, document.baseURI);
    const absolute = (url) => new URL(url, document.baseURI).href;
    this.files = {
      ...files, pyodide: absolute(files.pyodide), engine: absolute(files.engine), snapshot: absolute(files.snapshot),
      bootStdlib: absolute(files.bootStdlib),
      packages: (files.packages || []).map(absolute),
    };
    this.onStatus = onStatus;
    this.onDownload = onDownload;
    this.onSpare = onSpare;
    this.onJudge = onJudge;
    this.active = null;
    this.spare = null;
    this.judge = null; // the judge's worker: never the spare, which becomes the learner's after a hard stop
    this.compiledWasm = null; // Pyodide's WebAssembly.Module, from the first worker that compiled it (compiled-wasm.js)
    // The judge and the spare boot once the learner comes to an exercise (prepareChecks), not for reading.
    this.checksWanted = false;
    this.judging = new Map(); // request id → resolve, for the judge's worker
    this.drawn = new Map(); // exercise JSON → the judge's answer to prepare: the next Check's cases
    this.drawLater = new Set(); // exercises whose cases are drawn once the judge's worker starts
    this.abandoned = 0; // how many times Stop abandoned what waited on the judge
    this.pending = new Map(); // request id → { resolve, onOutput }
    this.nextId = 1;
    this.spawnedOne = false; // see spawn()
    this.state = "idle";
    // A second interpreter costs about 60 MB and a boot's CPU. It is kept warm only where every Stop needs
    // one (no shared memory, so no interrupt) and memory allows. Where Stop interrupts, only code stuck
    // inside C needs a new interpreter: it boots then, from the compiled WebAssembly and the snapshot
    // already here, and Python is ready again well within a second of Stop (make bench: replacement).
    this.keepSpare = !canShareMemory() && !(navigator.deviceMemory && navigator.deviceMemory < 4);
  }

  start() {
    if (!this.active) this.active = this.spawn();
  }

  // The learner has come to an exercise: the interpreters that Check and Stop need boot, one at a time,
  // once the learner's own is ready (each costs a boot's CPU and tens of MB).
  prepareChecks() {
    this.checksWanted = true;
    if (this.active?.ready) this.startJudge();
  }

  startJudge() {
    this.checksWanted = true;
    if (!this.judge) {
      const files = { ...this.files, mayDownloadSnapshot: false };
      const hear = (handle, message) => this.hearJudge(handle, message);
      this.judge = new PythonWorker(this.workerUrl, files, hear, "judge", this.compiledWasm);
      for (const exercise of this.drawLater) this.drawAhead(exercise);
      this.drawLater.clear();
    }
  }

  // exercise: the grader's JSON for an exercise the learner has come to. Its next Check's cases are drawn
  // now (or once the judge's worker starts, never before the learner's interpreter is ready), while the
  // learner writes or reads a verdict: nothing in them depends on the code.
  drawAhead(exercise) {
    if (this.drawn.has(exercise)) return;
    if (!this.judge) this.drawLater.add(exercise);
    else this.drawn.set(exercise, this.askJudge("prepare", { exercise }));
  }

  hearJudge(handle, message) {
    if (handle !== this.judge) return;
    if (message.type === "compiled") {
      this.compiledWasm ??= message.module;
      return;
    }
    if (message.type === "status") {
      handle.ready = message.state === "ready";
      this.onJudge?.(message.state);
      if (message.state === "error") this.replaceJudge(message.message);
      else if (handle.ready && this.active?.ready) this.scheduleSpare();
      return;
    }
    const resolve = this.judging.get(message.id);
    if (!resolve) return;
    if (message.type === "done") {
      this.judging.delete(message.id);
      resolve({ kind: "done", result: message.result });
    } else if (message.type === "crashed") {
      this.replaceJudge(message.message);
    }
  }

  replaceJudge(message) {
    this.judge?.terminate();
    this.judge = null;
    const waiting = [...this.judging.values()];
    this.judging.clear();
    for (const resolve of waiting) resolve({ kind: "stopped", reason: "crashed", message });
  }

  askJudge(kind, fields, { id = this.nextId++, transfer = [] } = {}) {
    this.startJudge();
    const message = requestMessage(kind, id, fields);
    return new Promise((resolve) => {
      this.judging.set(id, resolve);
      this.judge.send(message, transfer);
    });
  }

  // A Check's learner's side ended without a reply for the judge: its verdict is waited for no longer,
  // here or by the judge's worker.
  abandonVerdict(id) {
    this.judging.delete(id);
    this.judge?.send(noticeMessage("abandon", { check: id }));
  }

  // Stop while a Check waits on the judge's worker (still booting, or drawing the cases) ends the Check
  // there; the judge runs no learner code, so it is left to finish, and its late reply is ignored.
  abandonJudging(reason) {
    this.abandoned += 1;
    const waiting = [...this.judging.values()];
    this.judging.clear();
    for (const resolve of waiting) resolve({ kind: "stopped", ...reason, beforeVerdict: true });
  }

  // The page's first interpreter may download the memory snapshot, where the downlink makes that quicker
  // than a normal boot; every later one (the judge, the spares) uses it only if the browser holds it by
  // then, and never adds its download to the network the learner is using.
  spawn() {
    const files = { ...this.files, mayDownloadSnapshot: !this.spawnedOne };
    this.spawnedOne = true;
    return new PythonWorker(this.workerUrl, files, (handle, message) => this.receive(handle, message), "learner", this.compiledWasm);
  }

  receive(handle, message) {
    if (message.type === "compiled") {
      this.compiledWasm ??= message.module;
      return;
    }
    if (message.type === "download") {
      if (handle === this.active) this.onDownload?.(message.loaded, message.total);
      return;
    }
    if (message.type === "status") {
      handle.ready = message.state === "ready";
      if (handle === this.spare) this.onSpare?.(message.state);
      if (handle === this.active) {
        this.setStatus(message.state, message.message);
        if (handle.ready) {
          // The judge's worker boots next, then the spare: one boot at a time, so neither starves the other.
          if (this.checksWanted) this.startJudge();
          if (this.judge?.ready) this.scheduleSpare();
        }
      }
      return;
    }
    if (handle !== this.active) return;
    const request = this.pending.get(message.id);
    if (!request) return;
    if (message.type === "started") this.startLimit(request);
    else if (message.type === "output") for (const [stream, text] of message.chunks) request.onOutput?.(stream, text);
    else if (message.type === "output-capped") request.onOutput?.("note", `\n[Output stopped here: more than ${message.limit.toLocaleString("en")} characters. Your code kept running.]\n`);
    // Interrupted without Stop: the learner's code sent itself the interrupt signal (signal.raise_signal).
    else if (message.type === "done" && message.result?.interrupted) this.settle(message.id, { kind: "stopped", ...(this.stopReason || { reason: "interrupted-itself" }), interrupted: true });
    else if (message.type === "done") this.settle(message.id, { kind: "done", result: message.result });
    else if (message.type === "crashed") this.replace({ reason: "crashed", message: message.message });
  }

  setStatus(state, message) {
    if (state === "loading" && this.state === "restarting") return; // keep saying "Restarting"
    this.state = state;
    this.onStatus?.(state, message);
    if (state === "error") this.settleAll({ kind: "stopped", reason: "unavailable", message });
  }

  settleAll(outcome) {
    for (const id of [...this.pending.keys()]) this.settle(id, outcome);
  }

  scheduleSpare() {
    if (!this.keepSpare) this.onSpare?.("when-needed");
    if (!this.keepSpare || this.spare || this.spareTimer) return;
    this.spareTimer = setTimeout(() => {
      this.spareTimer = null;
      if (!this.spare) this.spare = this.spawn();
    }, SPARE_DELAY_MS);
  }

  // timeLimitMs: how long the code may run before it is stopped, counted from when its interpreter begins
  // it (never Python's boot, nor the judge's); none for the page's own requests.
  request(kind, fields, onOutput, timeLimitMs = null, transfer = []) {
    this.start();
    if (this.state === "error") return Promise.resolve({ kind: "stopped", reason: "unavailable" });
    this.stopReason = null;
    const id = this.nextId++;
    const message = requestMessage(kind, id, fields);
    if (this.active.interrupt) this.active.interrupt[0] = 0;
    return new Promise((resolve) => {
      const request = { resolve, onOutput, timeLimitMs, limit: null };
      this.pending.set(id, request);
      this.active.send(message, transfer);
    });
  }

  // From when the learner's worker begins the request (its "started"), never from the click: the request
  // may wait behind Python's boot, its warm-up (seconds in a slow browser), or an earlier request.
  startLimit(request) {
    if (request.timeLimitMs === null || request.limit !== null) return;
    request.limit = setTimeout(() => this.stop({ reason: "time-limit" }), request.timeLimitMs);
  }

  run(code, onOutput, { timeLimitMs = null } = {}) {
    return this.request("run", { code }, onOutput, timeLimitMs);
  }

  // exercise: the grader's JSON for the exercise, as the build wrote it. The judge's worker has drawn the
  // cases (drawAhead), the learner's worker runs the code on them, the judge's worker gives the verdict.
  async check(exercise, code, starter, onOutput, { timeLimitMs = null } = {}) {
    this.start();
    if (this.state === "error") return { kind: "stopped", reason: "unavailable" };
    if (this.active.ready && !this.judge?.ready) onOutput?.("note", "Getting the checks ready…\n");
    const abandoned = this.abandoned;
    const ahead = this.drawn.get(exercise);
    this.drawn.delete(exercise);
    let drawn = await (ahead ?? this.askJudge("prepare", { exercise }));
    // Drawn ahead, then abandoned by the Stop of an earlier run (or lost with a crashed judge): drawn again.
    if (drawn.kind !== "done" && this.abandoned === abandoned) drawn = await this.askJudge("prepare", { exercise });
    if (drawn.kind !== "done") return drawn;
    // The judge's worker is asked first, and judges each case's run as the learner's worker sends it over
    // the Check's channel.
    const channel = new MessageChannel();
    const verdictId = this.nextId++;
    const prepared = drawn.result.prepared;
    const judged = this.askJudge("judge", { exercise, code, starter, prepared }, { id: verdictId, transfer: [channel.port2] });
    const fields = { request: JSON.stringify(drawn.result.request), cases: JSON.stringify(drawn.result.cases), code };
    // An interrupted learner's side comes back stopped (receive), so "done" always handed a reply on.
    const learned = await this.request("learn", fields, onOutput, timeLimitMs, [channel.port1]);
    if (learned.kind !== "done") {
      this.abandonVerdict(verdictId);
      return learned;
    }
    // Whatever the code did to its interpreter that could not be undone: a fresh one for the next run.
    if (!learned.result.clean) this.replace({ reason: "restart" });
    const verdict = await judged;
    this.drawAhead(exercise);
    return verdict;
  }

  // The graph code builds on one of the exercise's written cases.
  graph(exercise, code, caseIndex) {
    return this.request("graph", { exercise, code, caseIndex });
  }

  // The reference's graph on the same case beside the learner's (yours, from graph's reply) when their
  // gradients differ: from the judge's worker, as the reference runs nowhere else.
  referenceGraph(exercise, caseIndex, yours) {
    return this.askJudge("beside", { exercise, caseIndex, yours: JSON.stringify(yours) });
  }

  // explore: JSON of the explore's code and controls; controls: JSON of their values; with an
  // exercise's JSON and the learner's code, the learner's own series too.
  explore(explore, controls, exercise = null, code = null) {
    return this.request("explore", { explore, controls, exercise, code });
  }

  get busy() {
    return this.pending.size > 0;
  }

  // Whether a run (kind "run") or a Check asked now would begin at once, and could be stopped by an
  // interrupt: Python ready with nothing running (and for a Check the judge's worker ready), on a page
  // whose Stop interrupts rather than replaces the worker.
  startsAtOnce(kind) {
    const ready = this.state === "ready" && !this.busy && Boolean(this.active?.interrupt);
    return ready && (kind !== "check" || Boolean(this.judge?.ready));
  }

  settle(id, outcome) {
    const request = this.pending.get(id);
    if (!request) return;
    this.pending.delete(id);
    clearTimeout(request.limit);
    request.resolve(outcome);
  }

  // Stop running code: an interrupt when the page is isolated, else (or if ignored) a new worker.
  stop(reason) {
    this.abandonJudging(reason);
    if (!this.busy) return;
    this.stopReason = reason;
    const waiting = [...this.pending.keys()];
    const handle = this.active;
    const unfinished = () => handle === this.active && waiting.some((id) => this.pending.has(id));
    if (!handle.interrupt) {
      this.replace(reason);
      return;
    }
    handle.interrupt[0] = 2; // SIGINT: Python raises KeyboardInterrupt at its next check
    const unread = () => unfinished() && handle.interrupt[0] !== 0; // stuck inside C, most likely
    setTimeout(() => {
      if (unread()) this.spare ??= this.spawn();
    }, SPARE_FOR_STOP_AFTER_MS);
    const replaceBy = performance.now() + SPARE_WAITED_FOR_AT_MOST_MS;
    const decide = () => {
      if (unread() && this.spare && !this.spare.ready && performance.now() < replaceBy) {
        setTimeout(decide, SPARE_POLL_MS); // no sooner replaced than its replacement can take over
      } else if (unread()) {
        this.replace(reason);
      } else {
        this.dropUnwantedSpare();
        if (unfinished()) setTimeout(() => unfinished() && this.replace(reason), FINISH_AFTER_INTERRUPT_MS);
      }
    };
    setTimeout(decide, HARD_STOP_AFTER_MS);
  }

  // A spare booted for a Stop that Python then heard, where none is kept warm.
  dropUnwantedSpare() {
    if (this.keepSpare || !this.spare) return;
    this.spare.terminate();
    this.spare = null;
    this.onSpare?.("when-needed");
  }

  restart() {
    this.replace({ reason: "restart" });
  }

  replace(outcome) {
    this.active?.terminate();
    this.active = this.spare || this.spawn();
    this.spare = null;
    this.onSpare?.("none");
    this.settleAll({ kind: "stopped", ...outcome });
    if (this.active.ready) {
      this.setStatus("ready", "Python ready");
      this.scheduleSpare();
    } else {
      this.setStatus("restarting", "Restarting Python…");
    }
  }
}
