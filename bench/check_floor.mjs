// What a Check costs in Pyodide, part by part, with nothing else on the thread: the floor under the page's
// Check → verdict. Two interpreters under Node, as the page's two workers (tests/pyodide/boot_from_part.mjs),
// each lesson's reference solution checked again and again, and each part timed on its own:
//   learnerCodeMs  the learner's code itself: the calls the grader makes of it (grading.learner_side.guarded,
//                  which also puts Python's machinery back after each, a few tens of µs);
//   learnerSideMs  the learner's worker's whole share: that code, fresh inputs, and the graphs shipped;
//   judgingMs      the judge's worker: each run read and checked node by node, its backward pass worked out
//                  again, the verdict.
// In the page the two workers overlap (the judge takes each run as it comes); here they take turns, so each
// is timed alone. Usage: node check_floor.mjs <engine wheel> <boot zip> <whole zip> <checks>
// (stdin: JSON [{lesson, exercise, source}]; stdout: JSON {python, lessons: {lesson: {part: [ms per Check]}}}).
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { bootFromPart } from "../tests/pyodide/boot_from_part.mjs";

const [wheelPath, bootZip, wholeZip, checksText] = process.argv.slice(2);
const checks = Number(checksText);
const WARM_CHECKS = 3; // as the bench's page does before it times: the first Checks optimise the WebAssembly
const lessons = JSON.parse(readFileSync(0, "utf8"));

// The learner's code, timed where the grader calls it: every call goes through guarded().
const TIME_THE_LEARNERS_CODE = `
import time
import grading.learner_side as side

LEARNER_CODE_S = [0.0]
_guarded = side.guarded

def timed_guarded(*args, _clock=time.perf_counter, _spent=LEARNER_CODE_S, **kwargs):
    started = _clock()
    try:
        return _guarded(*args, **kwargs)
    finally:
        _spent[0] += _clock() - started

side.guarded = timed_guarded
`;

async function interpreter() {
  const pyodide = await bootFromPart({ bootZip, wholeZip, wheelPath });
  return { pyodide, browser: pyodide.pyimport("grading.browser") };
}

const judge = await interpreter();
const learner = await interpreter();
learner.pyodide.runPython(TIME_THE_LEARNERS_CODE);
const spent = learner.pyodide.globals.get("LEARNER_CODE_S");
learner.browser.warm_up(); // as the page's learner's worker does once it is ready

function timedCheck(text, source) {
  const prepared = JSON.parse(judge.browser.prepare_json(text)); // drawn ahead of the Check in the page
  let judgingMs = 0;
  let started = performance.now();
  const judging = judge.browser.begin_judging(text, source, null, prepared.prepared);
  judgingMs += performance.now() - started;
  let takingMs = 0; // the judge taking the runs, which here happens inside the learner's side
  const handOn = (run) => {
    const took = performance.now();
    judging.take_json(run);
    takingMs += performance.now() - took;
  };
  spent.set(0, 0.0);
  started = performance.now();
  const learned = JSON.parse(
    learner.browser.learn_json(JSON.stringify(prepared.request), source, JSON.stringify(prepared.cases), handOn),
  );
  const learnerSideMs = performance.now() - started - takingMs;
  judgingMs += takingMs;
  const learnerCodeMs = spent.get(0) * 1000;
  started = performance.now();
  const verdict = JSON.parse(judging.verdict_json(learned.reply));
  judgingMs += performance.now() - started;
  judging.destroy();
  if (!verdict.passed) throw new Error(`the reference solution did not pass: ${JSON.stringify(verdict).slice(0, 500)}`);
  return { learnerCodeMs, learnerSideMs, judgingMs };
}

const results = {};
for (const { lesson, exercise, source } of lessons) {
  const text = JSON.stringify(exercise);
  for (let round = 0; round < WARM_CHECKS; round += 1) timedCheck(text, source);
  const parts = { learnerCodeMs: [], learnerSideMs: [], judgingMs: [] };
  for (let round = 0; round < checks; round += 1) {
    for (const [part, ms] of Object.entries(timedCheck(text, source))) parts[part].push(ms);
  }
  results[lesson] = parts;
}
const python = judge.pyodide.runPython("import sys; sys.version");
process.stdout.write(JSON.stringify({ python, node: process.version, lessons: results }));
