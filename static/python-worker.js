// The one place that knows Pyodide. It boots as soon as the module loads, from a memory
// snapshot when it can, then answers run, check and explore requests by their id. The messages it
// reads and sends are declared in page/worker-protocol.json (build.py bundles this file with it).
import { startPyodide } from "./page/pyodide-boot.js";
import { channelCall, channelMessage, isNotice, pythonCall, replyMessage, roleFor } from "./page/worker-protocol.js";

// The page's first message brings a private channel, and says where Pyodide, the engine wheel
// and the snapshot are. Every reply goes through that channel: learner code can reach this
// worker's global postMessage (import js), but never the channel, so it cannot forge a verdict.
let port = null;
const connected = new Promise((resolve) => {
  self.addEventListener("message", function connect({ data, ports }) {
    if (data?.type !== "connect" || !ports[0]) return;
    self.removeEventListener("message", connect);
    port = ports[0];
    port.onmessage = ({ data: message, ports: [checkPort = null] }) => {
      if (isNotice(message?.type)) heed(message);
      else answer(message, checkEnd(data.role, message.id, checkPort));
    };
    resolve(data);
  });
});

const OUTPUT_LIMIT = 100_000; // characters per request; past it the page would only slow down
// Output is posted at once while it trickles, so a print before a long computation shows
// straight away; a flood spends the allowance and is then sent in batches.
const POSTS_PER_SECOND = 60;
const POST_BURST = 60;

let current = null; // the request being answered: { id, sent, capped, chunks }
let allowance = POST_BURST;
let allowanceAt = 0;

function post(message) {
  port.postMessage(message);
}

function flushOutput() {
  if (!current || current.chunks.length === 0) return;
  post(replyMessage("output", { id: current.id, chunks: current.chunks }));
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
      post(replyMessage("output-capped", { id: current.id, limit: OUTPUT_LIMIT }));
    } else if (mayPostNow()) {
      flushOutput();
    }
  };
}

async function boot() {
  const { interrupt, files, wasm, role } = await connected;
  post(replyMessage("status", { state: "loading", message: "Loading Python…" }));
  const pyodide = await startPyodide(files, (loaded, total) => post(replyMessage("download", { loaded, total })), {
    compiled: wasm,
    onCompiled: offerCompiled,
  });
  await installPackages(pyodide);
  pyodide.setStdout({ batched: forwardOutput("stdout") });
  pyodide.setStderr({ batched: forwardOutput("stderr") });
  const browser = pyodide.pyimport("grading.browser");
  if (interrupt) {
    pyodide.setInterruptBuffer(interrupt);
    browser.listen_for_stop(() => { interrupt[0] = 2; });
  }
  post(replyMessage("status", { state: "ready", message: "Python ready" }));
  // Before the learner's first request: WebAssembly optimises code that has run, so the first
  // Check is then as quick as the tenth. Requests that arrive meanwhile wait behind it: a few hundred ms
  // in Chromium, seconds in WebKit (their time limit counts from their "started", not from the click).
  // Not in the judge's worker: the code WebAssembly optimised is shared by the page's workers, and the
  // judge's own steps are rehearsed on the exercise itself (grading.browser.rehearse).
  if (role === "learner") setTimeout(() => warmUp(browser), 0);
  return { pyodide, browser };
}

// The warm-up's Checks hand their runs on as a Check does, over a channel of their own that nobody reads.
function warmUp(browser) {
  const unread = new MessageChannel();
  const handOn = senderOn(unread.port1);
  try {
    stoppedInWarmUp = browser.warm_up.callKwargs({ hand_on: handOn.run });
  } finally {
    handOn.end(null);
    unread.port2.close();
  }
}

// Pyodide's WebAssembly, compiled here before any learner code ran, for the page's later workers; a browser
// that cannot post a WebAssembly.Module has each of them compile its own.
function offerCompiled(module) {
  try {
    post(replyMessage("compiled", { module }));
  } catch (error) {
    if (error.name !== "DataCloneError") throw error;
  }
}

// The lesson's own packages, from wheels the site serves (so they work offline too).
async function installPackages(pyodide) {
  const { files: { packages } } = await connected;
  if (!packages?.length) return;
  await pyodide.loadPackage("micropip");
  const micropip = pyodide.pyimport("micropip");
  for (const url of packages) await micropip.install(url);
}

const ready = boot().catch((error) => {
  post(replyMessage("status", { state: "error", message: `Python could not load (${error.message}). Check your connection, then Retry; you can keep reading and editing meanwhile.` }));
  return null;
});

// A Check's two workers talk over a channel of its own: the learner's sends each case's run there as soon as
// it is made, straight to the judge's, which judges it while the next case runs; then the rest of its
// reply. Nothing of it waits on the page, whose thread may still be drawing the frame the click caused.
const incomingChecks = new Map(); // judge request id → arrive(message), the judge's end of its Check's channel

// A Check's end of its channel, by this worker's role. The judge's listens from the moment the request
// arrives, so that what comes while its interpreter still boots waits in order, and an abandon finds it.
function checkEnd(role, id, checkPort) {
  if (!checkPort) return {};
  return role === "judge" ? { incoming: receiverOn(checkPort, id) } : { handOn: senderOn(checkPort) };
}

// The judge's end: next() gives what came, in order; null (no verdict to give) once the learner's worker
// sent an end without a reply, the page abandoned the Check, or something undeclared came.
function receiverOn(checkPort, id) {
  const arrived = [];
  let wake = () => {};
  const arrive = (message) => {
    arrived.push(message);
    wake();
  };
  checkPort.onmessage = ({ data }) => arrive(channelCall(data) && !(data.type === "end" && data.reply === null) ? data : null);
  incomingChecks.set(id, arrive);
  return {
    async next() {
      while (arrived.length === 0) await new Promise((resolve) => { wake = resolve; });
      const message = arrived.shift();
      if (message === null || message.type === "end") this.close();
      return message;
    },
    close() {
      incomingChecks.delete(id);
      checkPort.close();
    },
  };
}

// The learner's end: run(text) sends a case's run, end(reply) the rest (null when there is none), once.
function senderOn(checkPort) {
  let ended = false;
  return {
    run: (run) => {
      if (!ended) checkPort.postMessage(channelMessage("run", { run }));
    },
    end: (reply) => {
      if (ended) return;
      ended = true;
      checkPort.postMessage(channelMessage("end", { reply }));
      checkPort.close();
    },
  };
}

// The page no longer waits for a Check whose learner's side ended without a reply (Stop, a crash).
function heed(notice) {
  if (notice.type === "abandon") incomingChecks.get(notice.check)?.(null);
}

async function answer(data, { incoming = null, handOn = null }) {
  const booted = await ready;
  const { role } = await connected;
  try {
    if (!booted) return; // the page has been told Python is unavailable, and offers Retry
    // A worker is either the learner's (runs learner code) or the judge's (never runs learner code):
    // the declaration says which answers each kind.
    if (roleFor(data.type) !== role) {
      post(replyMessage("crashed", { id: data.id, message: `a ${role} worker does not answer ${data.type} requests` }));
      return;
    }
    if (incoming) await judgeAsItComes(booted.browser, data, incoming);
    else respond(booted.browser, data, handOn);
  } finally {
    handOn?.end(null); // the learner's side ended without handing its reply on
    incoming?.close(); // the judge's no longer listens (done, or Python unavailable)
  }
}

// A Stop that landed in the warm-up, which runs ahead of every request: it was pressed for the request
// waiting behind it, which ends at once, as stopped. (Setting the interrupt again for that request to read
// would race the page, which takes an interrupt still unread after 300 ms for code stuck inside C.)
let stoppedInWarmUp = false;

// handOn: the learner's end of a Check's channel, where its runs and its reply's reply go instead of to the page.
function respond(browser, data, handOn) {
  if (stoppedInWarmUp) {
    stoppedInWarmUp = false;
    post(replyMessage("done", { id: data.id, result: { interrupted: true } }));
    return;
  }
  current = { id: data.id, sent: 0, capped: false, chunks: [] };
  post(replyMessage("started", { id: data.id })); // the page's time limit counts from here
  try {
    const [entryPoint, args] = pythonCall(data);
    const result = JSON.parse(browser[entryPoint](...args, ...(handOn ? [handOn.run] : [])));
    flushOutput();
    if (handOn) {
      handOn.end(result.reply ?? null);
      delete result.reply;
    }
    post(replyMessage("done", { id: data.id, result }));
  } catch (error) {
    // A Python exception never reaches here (the runner and grader catch them);
    // anything that does means the interpreter itself has died and must be replaced.
    post(replyMessage("crashed", { id: data.id, message: String(error.message || error) }));
  } finally {
    current = null;
  }
}

// A Check's verdict: Python's judging begins at once, takes each message of the Check's channel as it
// comes (by the method the declaration names), and the end's result is the verdict. Nothing is posted
// when the learner's side ended without a reply: nobody waits for a verdict then.
async function judgeAsItComes(browser, data, incoming) {
  let judging = null;
  try {
    const [entryPoint, args] = pythonCall(data);
    judging = browser[entryPoint](...args);
    for (;;) {
      const message = await incoming.next();
      if (message === null) return;
      const [method, values] = channelCall(message);
      const result = judging[method](...values);
      if (message.type === "end") {
        post(replyMessage("done", { id: data.id, result: JSON.parse(result) }));
        return;
      }
    }
  } catch (error) {
    post(replyMessage("crashed", { id: data.id, message: String(error.message || error) }));
  } finally {
    judging?.destroy();
  }
}
