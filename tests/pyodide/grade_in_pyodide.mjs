// Grades submissions in real Pyodide under Node, with the engine wheel the site ships.
// Usage: node grade_in_pyodide.mjs <engine wheel>  (stdin: JSON [{exercise, source, starter}], where exercise is
// the grader's dict of the exercise; stdout: JSON results)
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);
const pyodideDir = dirname(require.resolve("pyodide/package.json", { paths: [process.cwd()] }));
const { loadPyodide } = await import(join(pyodideDir, "pyodide.mjs"));

const wheelPath = process.argv[2];
const submissions = JSON.parse(readFileSync(0, "utf8"));

const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
pyodide.unpackArchive(new Uint8Array(readFileSync(wheelPath)), "wheel");
const gradeJson = pyodide.runPython(`
import json
from grading.grader import grade_submission
lambda exercise, source, starter: json.dumps(grade_submission(json.loads(exercise), source, starter))
`);
const results = submissions.map(({ exercise, source, starter }) =>
  JSON.parse(gradeJson(JSON.stringify(exercise), source, starter ?? null)));
process.stdout.write(JSON.stringify({ python: pyodide.runPython("import sys; sys.version"), results }));
