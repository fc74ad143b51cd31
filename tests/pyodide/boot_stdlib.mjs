// Boots Pyodide under Node as a page boots it without the snapshot: from the part of the standard
// library the site ships for that (gradlab/boot_stdlib.py), with the engine wheel, and the finder of the
// rest installed with a fetch that reads the whole library from disk, or fails while told to.
// Usage: node boot_stdlib.mjs <boot zip> <whole zip> <engine wheel>  (stdin: JSON [{code, fetchFails}]:
// Python run in turn in the one interpreter's globals; stdout: JSON [{value: repr of its `result`} or
// {error: [type, message]}, with fetches: the fetches of the whole library asked for until then)
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";

const require = createRequire(import.meta.url);
const pyodideDir = dirname(require.resolve("pyodide/package.json", { paths: [process.cwd()] }));
const { loadPyodide } = await import(join(pyodideDir, "pyodide.mjs"));

const [bootZip, wholeZip, wheelPath] = process.argv.slice(2);
const steps = JSON.parse(readFileSync(0, "utf8"));

const pyodide = await loadPyodide({ indexURL: pyodideDir + "/", stdLibURL: resolve(bootZip) });
pyodide.unpackArchive(new Uint8Array(readFileSync(wheelPath)), "wheel");
let fetches = 0;
let failing = false;
pyodide.pyimport("rest_of_stdlib").install((path) => {
  fetches += 1;
  if (failing) throw new Error("the network is down");
  pyodide.FS.writeFile(path, new Uint8Array(readFileSync(wholeZip)));
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
