// Starting Pyodide in a worker, shared by the lessons' Python worker and the training worker.
// From the build's memory snapshot (Pyodide with the engine imported) when it was made for this very
// runtime and pays its way; otherwise a normal boot that unpacks the engine wheel. Either way its largest
// files travel gzipped, and every byte is counted for the page's download bar (gzipped-files.js).
import { DownloadMeter, fetchInflated, heldCopy, inflatedBody, startWasmDownload, withGzippedWasm } from "./gzipped-files.js";
import { withCompiledWasm } from "./compiled-wasm.js";
import { SnapshotBytes } from "./snapshot-memory.js";

// The snapshot spares Python's start-up and the engine's import: about 0.6 s of a 1.2 s boot on a laptop
// (a boot without it starts from compiled modules, gradlab/boot_stdlib.py), some 2 s on a phone. Its cost
// is its own download (about 6.3 MB gzipped) and the whole standard library's 1 MB more than the boot's
// part. It is used when this browser already holds it; else it is fetched only where the downlink, as
// the WebAssembly's first bytes measure it, brings it within SNAPSHOT_WORTH_S: there the extra bytes cost
// about what the snapshot spares a laptop, and less than it spares a phone. Slower, a normal boot is ready
// sooner; the service worker's offline copy then brings the snapshot, after Python is ready, for next time.
const SNAPSHOT_WORTH_S = 1;

/** A booted Pyodide. files: { pyodide (its folder's URL), engine (the wheel's), snapshot, snapshotFor,
 *  snapshotBytes (its size as sent), mayDownloadSnapshot (false: only a copy this browser holds),
 *  bootStdlib (the part of the standard library a boot without the snapshot needs; else it fetches all) };
 *  onDownload(loaded, total) is told how far the download has come, now and then. compiled: Pyodide's
 *  WebAssembly.Module, compiled by an earlier worker (none is downloaded then); else onCompiled is given
 *  the one this boot compiles. */
export async function startPyodide(files, onDownload = () => {}, { compiled = null, onCompiled = () => {} } = {}) {
  const { pyodide: indexURL, engine, snapshot, snapshotFor } = files;
  const { loadPyodide, version } = await import(`${indexURL}pyodide.mjs`);
  const meter = new DownloadMeter(onDownload);
  const wasm = compiled ? null : startWasmDownload(indexURL, meter);
  let module = compiled; // a boot that compiled it and then failed leaves it to the next
  const keep = (made) => {
    module = made;
    onCompiled(made);
  };
  const booting = (options) => withGzippedWasm(indexURL, meter,
    () => withCompiledWasm(indexURL, module, keep, () => loadPyodide({ indexURL, ...options })), wasm);
  if (snapshot && snapshotFor === version) {
    const worth = await snapshotWorthLoading(files, wasm, meter);
    if (worth) {
      const memory = new SnapshotBytes(worth.stream);
      try {
        return await memory.restoring(() => booting({ _loadSnapshot: memory }));
      } catch (error) {
        console.warn("Python's memory snapshot could not be used; booting normally.", error);
      } finally {
        memory.release();
      }
    }
  }
  const stdlib = files.bootStdlib ? { stdLibURL: files.bootStdlib } : {};
  const [pyodide, wheel] = await Promise.all([booting(stdlib), fetchBytes(engine)]);
  pyodide.unpackArchive(wheel, "wheel");
  if (files.bootStdlib) fetchRestOfStdlibWhenImported(pyodide, `${indexURL}python_stdlib.zip`);
  return pyodide;
}

/** For Python booted from a part of its standard library (gradlab/boot_stdlib.py): the first import of a
 *  module of the rest fetches the whole library from url. Synchronously, for an import cannot wait; from
 *  the offline copy once the service worker holds it. */
function fetchRestOfStdlibWhenImported(pyodide, url) {
  const restOfStdlib = pyodide.pyimport("rest_of_stdlib");
  restOfStdlib.install((path) => {
    const request = new XMLHttpRequest();
    request.open("GET", url, false);
    request.responseType = "arraybuffer";
    request.send();
    if (request.status !== 200) throw new Error(`${url} answered HTTP ${request.status}`);
    pyodide.FS.writeFile(path, new Uint8Array(request.response));
  });
  restOfStdlib.destroy();
}

/** { stream: a promise of the snapshot's bytes, inflated as they arrive }, or null where a normal boot is
 *  the quicker. */
async function snapshotWorthLoading({ snapshot, snapshotBytes, mayDownloadSnapshot = true }, wasm, meter) {
  const held = await heldCopy(snapshot);
  if (held) return { stream: inflatedBody(held) };
  if (!mayDownloadSnapshot) return null;
  const bytesPerSecond = await (wasm?.rate ?? 0);
  if (!(Number(snapshotBytes) / bytesPerSecond <= SNAPSHOT_WORTH_S)) return null;
  return { stream: fetchInflated(snapshot, meter) };
}

export async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}
