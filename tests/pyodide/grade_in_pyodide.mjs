// Grades submissions in real Pyodide under Node, with the engine wheel the site ships, as the page does:
// a judge's interpreter prepares the cases and gives the verdict, a learner's interpreter runs the code
// and sends back plain data; the learner's is replaced when it says it is no longer clean. Each boots as a
// page boots without the snapshot (boot_from_part.mjs).
// Usage: node grade_in_pyodide.mjs <engine wheel> <boot zip> <whole zip>  (stdin: JSON [{exercise, source,
// starter, seed}], where exercise is the grader's dict of the exercise and seed seeds the draws of its cases; stdout:
// JSON results, in order, each graded after the one before in the same learner's interpreter unless it had
// to be replaced, and judgeFetches: how often the judge's interpreter fetched the rest of the library)
import { readFileSync } from "node:fs";
import { bootFromPart } from "./boot_from_part.mjs";

const [wheelPath, bootZip, wholeZip] = process.argv.slice(2);
const submissions = JSON.parse(readFileSync(0, "utf8"));

async function interpreter() {
  const booted = { fetches: 0 };
  booted.pyodide = await bootFromPart({ bootZip, wholeZip, wheelPath }, () => { booted.fetches += 1; });
  booted.browser = booted.pyodide.pyimport("grading.browser");
  return booted;
}

const judge = await interpreter();
let learner = await interpreter();
let replaced = 0;
const results = [];
for (const { exercise, source, starter, seed } of submissions) {
  const text = JSON.stringify(exercise);
  judge.pyodide.runPython(`import grading.browser; grading.browser.SEED = ${JSON.stringify(seed)}`);
  const prepared = JSON.parse(judge.browser.prepare_json(text));
  // As the page's workers do: the judging begins, and takes each case's run as the learner's side hands it on.
  const judging = judge.browser.begin_judging(text, source, starter ?? null, prepared.prepared);
  const handOn = (run) => judging.take_json(run);
  const learned = JSON.parse(learner.browser.learn_json(JSON.stringify(prepared.request), source, JSON.stringify(prepared.cases), handOn));
  if (!learned.clean) {
    learner = await interpreter();
    replaced += 1;
  }
  results.push(JSON.parse(judging.verdict_json(learned.reply)));
  judging.destroy();
}
const python = judge.pyodide.runPython("import sys; sys.version");
process.stdout.write(JSON.stringify({ python, results, replaced, judgeFetches: judge.fetches }));
