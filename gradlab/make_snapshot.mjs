// Boots Pyodide in Node with the engine wheel unpacked and imported, and writes a memory
// snapshot of that state, which pages then boot from in a fraction of the time.
// Beside it, <output file>.stdlib.zip holds the standard library's modules that state was imported
// from, compiled (see below).
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
// Then, beside it, the standard library's modules that state was imported from, compiled: all that a
// boot without the snapshot needs of the library (gradlab/boot_stdlib.py). Compiled here, by the Python
// that will load them, for its start-up spends two thirds of its time compiling their sources otherwise.
pyodide.runPython(`
import os, py_compile, sys, zipfile

stdlib = next(entry for entry in sys.path if entry.endswith(".zip"))
imported = sorted({
    module.__file__[len(stdlib) + 1:]
    for module in list(sys.modules.values())
    if (getattr(module, "__file__", None) or "").startswith(stdlib + "/")
})
with zipfile.ZipFile(stdlib) as library, zipfile.ZipFile("/tmp/stdlib.zip", "w") as compiled:
    for name in imported:
        source = f"/tmp/stdlib/{name}"
        os.makedirs(os.path.dirname(source), exist_ok=True)
        with open(source, "wb") as file:
            file.write(library.read(name))
        # Checked against no source (the part ships none), so no date or size of one is needed.
        mode = py_compile.PycInvalidationMode.UNCHECKED_HASH
        py_compile.compile(source, source + "c", f"{stdlib}/{name}", doraise=True, invalidation_mode=mode)
        entry = zipfile.ZipInfo(name + "c", date_time=(1980, 1, 1, 0, 0, 0))
        with open(source + "c", "rb") as file:
            compiled.writestr(entry, file.read(), compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
`);
writeFileSync(`${outPath}.stdlib.zip`, pyodide.FS.readFile("/tmp/stdlib.zip"));
