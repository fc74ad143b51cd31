// Starting Pyodide in a worker, shared by the lessons' Python worker and the training worker.
// From the build's memory snapshot (Pyodide with the engine imported) when it was made for
// this very runtime; otherwise a normal boot that unpacks the engine wheel. Either way its largest
// files travel gzipped, and every byte is counted for the page's download bar (gzipped-files.js).
import { DownloadMeter, fetchSnapshot, withGzippedWasm } from "./gzipped-files.js";

/** A booted Pyodide; files: { pyodide (its folder's URL), engine (the wheel's), snapshot, snapshotFor };
 *  onDownload(loaded, total) is told how far the download has come, now and then. */
export async function startPyodide({ pyodide: indexURL, engine, snapshot, snapshotFor }, onDownload = () => {}) {
  const { loadPyodide, version } = await import(`${indexURL}pyodide.mjs`);
  const meter = new DownloadMeter(onDownload);
  if (snapshot && snapshotFor === version) {
    try {
      return await withGzippedWasm(indexURL, meter, () =>
        loadPyodide({ indexURL, _loadSnapshot: fetchSnapshot(snapshot, meter) }));
    } catch (error) {
      console.warn("Python's memory snapshot could not be used; booting normally.", error);
    }
  }
  const [pyodide, wheel] = await Promise.all([
    withGzippedWasm(indexURL, meter, () => loadPyodide({ indexURL })),
    fetchBytes(engine),
  ]);
  pyodide.unpackArchive(wheel, "wheel");
  return pyodide;
}

export async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}
