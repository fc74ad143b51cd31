// Boots Pyodide in Node with the engine wheel unpacked and imported, and writes a memory
// snapshot of that state, which pages then boot from in a fraction of the time.
// Usage: node make_snapshot.mjs <pyodide package dir> <engine wheel> <output file>
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, wheelPath, outPath] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ _makeSnapshot: true });
pyodide.unpackArchive(new Uint8Array(readFileSync(wheelPath)), "wheel");
pyodide.runPython("import engine, grading.browser");
writeFileSync(outPath, pyodide.makeMemorySnapshot());
