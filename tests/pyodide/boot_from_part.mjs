// Pyodide under Node, booted as a page boots it without the snapshot: from the part of the standard
// library the site ships for that, with the engine wheel unpacked, and the finder of the rest installed
// (gradlab/boot_stdlib.py), here reading the whole library from disk.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";

const require = createRequire(import.meta.url);
const pyodideDir = dirname(require.resolve("pyodide/package.json", { paths: [process.cwd()] }));
const { loadPyodide } = await import(join(pyodideDir, "pyodide.mjs"));

/** A booted Pyodide; beforeFetch() is called each time the finder fetches the whole library, and may throw
 *  to make that fetch fail. */
export async function bootFromPart({ bootZip, wholeZip, wheelPath }, beforeFetch = () => {}) {
  const pyodide = await loadPyodide({ indexURL: pyodideDir + "/", stdLibURL: resolve(bootZip) });
  pyodide.unpackArchive(new Uint8Array(readFileSync(wheelPath)), "wheel");
  pyodide.pyimport("rest_of_stdlib").install((path) => {
    beforeFetch();
    pyodide.FS.writeFile(path, new Uint8Array(readFileSync(wholeZip)));
  });
  return pyodide;
}
