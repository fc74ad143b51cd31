// Stop, as the page's worker wires it, pressed just before a deep graph is dropped and freed, in real
// Pyodide under Node. Usage: node stop_while_freeing.mjs <engine wheel>; stdout: JSON {stopped, printed}.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);
const pyodideDir = dirname(require.resolve("pyodide/package.json", { paths: [process.cwd()] }));
const { loadPyodide } = await import(join(pyodideDir, "pyodide.mjs"));

const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
pyodide.unpackArchive(new Uint8Array(readFileSync(process.argv[2])), "wheel");
const interrupt = new Uint8Array(new SharedArrayBuffer(1));
pyodide.setInterruptBuffer(interrupt);
let printed = "";
pyodide.setStderr({ batched: (text) => { printed += text + "\n"; } });
globalThis.pressStop = () => { interrupt[0] = 2; }; // what the page's Stop does to the buffer
pyodide.pyimport("grading.browser").listen_for_stop(() => { interrupt[0] = 2; });
const stopped = pyodide.runPython(`
import js
from engine import Value

stopped = 0
for trial in range(20):
    x = Value(1.0)
    deep = x
    for _ in range(20000):
        deep = deep + x
    try:
        js.pressStop()
        deep = None  # 20,000 Values freed: Stop is read inside Value.__del__
        for i in range(100000):
            pass
    except KeyboardInterrupt:
        stopped += 1
stopped
`);
process.stdout.write(JSON.stringify({ stopped, printed }));
