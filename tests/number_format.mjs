// The page's number formatter (static/page/format.js) on every value of the shared table; prints
// [value, what it reads] pairs as JSON for tests/test_number_format.py to compare.
import { readFileSync } from "node:fs";

const root = new URL("..", import.meta.url);
const source = readFileSync(new URL("static/page/format.js", root), "utf8");
const { formatNumber } = await import(`data:text/javascript,${encodeURIComponent(source)}`);
const { rows } = JSON.parse(readFileSync(new URL("tests/fixtures/number_formats.json", root), "utf8"));
process.stdout.write(JSON.stringify(rows.map(([value]) => formatNumber(Number(value)))));
