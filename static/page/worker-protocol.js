// The messages between the page and its Python workers are declared once, in worker-protocol.json (each
// kind, its fields, its reply). The page builds its requests here and the worker its replies, so a
// message that strays from the declaration fails where it is built, not somewhere downstream.
import { channel, connect, notices, replies, requests } from "./worker-protocol.json";

function fieldsOf(kind, declared, values, nullable = []) {
  if (!declared) throw new Error(`the worker protocol declares no ${kind} message`);
  const unknown = Object.keys(values).find((name) => !(name in declared));
  if (unknown) throw new Error(`a ${kind} message has no field ${unknown} (static/page/worker-protocol.json)`);
  const message = {};
  for (const name of Object.keys(declared)) {
    const value = values[name] ?? null;
    if (value === null && !nullable.includes(name)) throw new Error(`a ${kind} message needs its field ${name}`);
    message[name] = value;
  }
  return message;
}

/** The first message to a worker (sent with the port every later message goes through). */
export function connectMessage(values) {
  return { type: "connect", ...fieldsOf("connect", connect.fields, values, ["interrupt", "wasm"]) };
}

/** A request of a declared kind ("run", "prepare", …) with exactly its declared fields. */
export function requestMessage(kind, id, values) {
  const declared = requests[kind];
  return { type: kind, id, ...fieldsOf(kind, declared?.fields, values, declared?.nullable) };
}

/** A notice to a worker ("abandon"), which gets no reply, with exactly its declared fields. */
export function noticeMessage(kind, values) {
  return { type: kind, ...fieldsOf(kind, notices[kind]?.fields, values) };
}

/** Whether a message to a worker is a notice (answered by the worker's script itself, never by Python). */
export function isNotice(kind) {
  return Object.hasOwn(notices, kind);
}

/** A message over a Check's own channel ("run", "end"), from the learner's worker to the judge's. */
export function channelMessage(kind, values) {
  return { type: kind, ...fieldsOf(kind, channel[kind]?.fields, values, channel[kind]?.nullable) };
}

/** What the judge's worker does with a message over a Check's channel: [the method of Python's judging
 * that takes it, its argument], or null for a message the declaration does not know. */
export function channelCall(message) {
  const declared = Object.hasOwn(channel, message?.type) ? channel[message.type] : null;
  return declared && [declared.python, Object.keys(declared.fields).map((name) => message[name] ?? null)];
}

/** A reply ("status", "output", "done", …) with exactly its declared fields. */
export function replyMessage(kind, values) {
  return { type: kind, ...fieldsOf(kind, replies[kind]?.fields, values) };
}

/** Which worker answers a request kind: "learner" or "judge" (undefined: not a request). */
export function roleFor(kind) {
  return Object.hasOwn(requests, kind) ? requests[kind].role : undefined;
}

/** The Python entry point (grading/browser.py) that answers a request, and its arguments in declared order. */
export function pythonCall(message) {
  const declared = requests[message.type];
  return [declared.python, Object.keys(declared.fields).map((name) => message[name] ?? null)];
}
