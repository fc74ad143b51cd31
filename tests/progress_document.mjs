// The page's progress-document check (static/page/progress-document.js) on every row of the shared
// table, and the JSON Schema keywords it implements; printed as JSON for tests/test_progress_document.py.
import { readFileSync } from "node:fs";

const root = new URL("..", import.meta.url);
const { KEYWORDS, documentProblem } = await import(new URL("static/page/progress-document.js", root));
const { rows } = JSON.parse(readFileSync(new URL("tests/fixtures/progress_documents.json", root), "utf8"));
process.stdout.write(JSON.stringify({ keywords: Object.keys(KEYWORDS), problems: rows.map(([id, doc]) => documentProblem(id, doc)) }));
