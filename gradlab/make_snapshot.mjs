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
// Every module of the wheel is imported now: a snapshot keeps what Python holds in memory, not the
// files unpacked beside it, so a module first imported later would not be found.
pyodide.runPython(`
import importlib, pkgutil
import engine, grading, training
for package in (engine, grading, training):
    for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        importlib.import_module(module.name)
`);
writeFileSync(outPath, pyodide.makeMemorySnapshot());
