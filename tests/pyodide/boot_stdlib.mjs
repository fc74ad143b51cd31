// Boots Pyodide under Node as a page boots it without the snapshot (boot_from_part.mjs), its finder's
// fetch of the whole library failing while a step says so.
// Usage: node boot_stdlib.mjs <boot zip> <whole zip> <engine wheel>  (stdin: JSON [{code, fetchFails}]:
// Python run in turn in the one interpreter's globals; stdout: JSON [{value: repr of its `result`} or
// {error: [type, message]}, with fetches: the fetches of the whole library asked for until then)
import { readFileSync } from "node:fs";
import { bootFromPart } from "./boot_from_part.mjs";

const [bootZip, wholeZip, wheelPath] = process.argv.slice(2);
const steps = JSON.parse(readFileSync(0, "utf8"));

let fetches = 0;
let failing = false;
const pyodide = await bootFromPart({ bootZip, wholeZip, wheelPath }, () => {
  fetches += 1;
  if (failing) throw new Error("the network is down");
});
const run = pyodide.runPython(`
def run(code):
    try:
        exec(compile(code, "<step>", "exec"), globals())
        return {"value": repr(globals().get("result"))}
    except BaseException as error:
        return {"error": [type(error).__name__, str(error)]}
run`);
const results = [];
for (const { code, fetchFails = false } of steps) {
  failing = fetchFails;
  results.push({ ...run(code).toJs({ dict_converter: Object.fromEntries }), fetches });
}
process.stdout.write(JSON.stringify(results));
