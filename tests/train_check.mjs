// The training page's check (static/page/train-check.js) on the cases in the JSON file named by the
// first argument, [[expected, learned], …]; prints each verdict, {uses, reason?}, as JSON for
// tests/test_training.py to judge.
import { readFileSync } from "node:fs";

const root = new URL("..", import.meta.url);
const { judgePiece } = await import(new URL("static/page/train-check.js", root));
const cases = JSON.parse(readFileSync(process.argv[2], "utf8"));
process.stdout.write(JSON.stringify(cases.map(([expected, learned]) => judgePiece(expected, learned))));
